* chessmodel: no rows
* 1 variables, 0 rows, 0 nonzeros
* Objective: maximize pieces
* The objective row obj is the NEGATED objective, minimised:
* the optimal value of the model is minus the optimal value of this file.
NAME chessmodel
ROWS
 N obj
COLUMNS
    MARKER0 'MARKER' 'INTORG'
    q_a1 obj -1
    MARKER0 'MARKER' 'INTEND'
RHS
BOUNDS
 UP BND q_a1 1
ENDATA
