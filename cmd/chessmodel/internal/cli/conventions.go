package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Conventions shared by every command: exit statuses for work cut short,
// completion of flag values, renamed flags.

// stopped is the error of work cut short before a complete answer, after
// what was found has been printed: exit status ExitTimeout for --timeout,
// ExitInterrupted for an interrupt.
func stopped(ctx context.Context, g *globals, what string) error {
	if what != "" {
		what = " " + what
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &ExitError{Code: ExitTimeout, Err: fmt.Errorf("stopped by --timeout %v%s before a complete answer; what was found is shown", g.timeout, what)}
	}
	if ctx.Err() != nil {
		return &ExitError{Code: ExitInterrupted, Err: fmt.Errorf("interrupted%s before a complete answer; what was found is shown", what)}
	}
	return &ExitError{Code: ExitBadInput, Err: errors.New("the backend stopped without a complete answer")}
}

// externalToolsHelp names the command-line solvers and the format each
// reads, as extern.External runs them.
func externalToolsHelp() string {
	return "lp_solve (LP), cbc (CPLEX LP) and glpsol (free MPS), and through minizinc (Gecode) the MiniZinc model written from the puzzle"
}

// completeValues makes shell completion offer the given values for a flag.
func completeValues(cmd *cobra.Command, flag string, values ...string) {
	_ = cmd.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
}

// completeList completes a comma-separated list of values: after "exact,"
// it offers "exact,ilp" and "exact,brute".
func completeList(cmd *cobra.Command, flag string, values []string) {
	_ = cmd.RegisterFlagCompletionFunc(flag, func(_ *cobra.Command, _ []string, typed string) ([]string, cobra.ShellCompDirective) {
		prefix := ""
		if i := strings.LastIndex(typed, ","); i >= 0 {
			prefix = typed[:i+1]
		}
		var out []string
		for _, v := range values {
			if !strings.Contains(","+prefix, ","+v+",") {
				out = append(out, prefix+v)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	})
}

// completeModels completes model file names.
func completeModels(cmd *cobra.Command) {
	cmd.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt
	}
}

// deprecatedAlias keeps an old flag name working, hidden, for the new one,
// and says so on standard error when it is used.
func deprecatedAlias(cmd *cobra.Command, old, now string) {
	f := cmd.Flags().Lookup(now)
	deprecatedFlag(cmd, old, f.Value, fmt.Sprintf("--%s (or -%s)", now, f.Shorthand))
}

// deprecatedFlag defines old, hidden, as another name of value, and warns
// on standard error when it is used: use instead.
func deprecatedFlag(cmd *cobra.Command, old string, value pflag.Value, instead string) {
	cmd.Flags().Var(value, old, "the same as "+instead)
	_ = cmd.Flags().MarkHidden(old)
	cmd.PreRun = func(cmd *cobra.Command, _ []string) {
		if cmd.Flags().Changed(old) {
			fmt.Fprintf(cmd.ErrOrStderr(), "chessmodel: --%s is deprecated; use %s\n", old, instead)
		}
	}
}

// addCompletionExamples gives cobra's completion command an Examples
// section like every other command.
func addCompletionExamples(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	examples := map[string]string{
		"bash":       "  source <(chessmodel completion bash)",
		"zsh":        `  chessmodel completion zsh > "${fpath[1]}/_chessmodel"`,
		"fish":       "  chessmodel completion fish > ~/.config/fish/completions/chessmodel.fish",
		"powershell": "  chessmodel completion powershell | Out-String | Invoke-Expression",
	}
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Example = strings.Join([]string{examples["bash"], examples["zsh"], examples["fish"]}, "\n")
		var shells []string
		for _, shell := range c.Commands() {
			shell.Example = examples[shell.Name()]
			shells = append(shells, shell.Name())
		}
		// cobra shows the help, and exits 0, for a shell it has no script
		// for: refuse it, naming the shells there are
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("completion %q: no script for this shell; expected one of %s", args[0], strings.Join(shells, ", "))}
		}
	}
}
