* chessmodel: no variables
* 1 variables, 0 rows, 0 nonzeros
* The model leaves nothing to place: the column no_variables, fixed at 0, is there because some solvers refuse a program without columns.
* Objective: maximize pieces
* The objective row obj is the NEGATED objective, minimised:
* the optimal value of the model is minus the optimal value of this file.
NAME chessmodel
ROWS
 N obj
COLUMNS
    MARKER0 'MARKER' 'INTORG'
    no_variables obj 0
    MARKER0 'MARKER' 'INTEND'
RHS
BOUNDS
 FX BND no_variables 0
ENDATA
