* chessmodel: blocked queens, 3 walls, value 11
* 61 variables, 48 rows, 234 nonzeros
* Objective: maximize pieces
* The objective row obj is the NEGATED objective, minimised:
* the optimal value of the model is minus the optimal value of this file.
NAME chessmodel
ROWS
 N obj
 L seg_e_a1
 L seg_e_a2
 L seg_e_a3
 L seg_e_a4
 L seg_e_e4
 L seg_e_c5
 L seg_e_a6
 L seg_e_a7
 L seg_e_f7
 L seg_e_a8
 L seg_n_a1
 L seg_n_b1
 L seg_n_b6
 L seg_n_c1
 L seg_n_d1
 L seg_n_d5
 L seg_n_e1
 L seg_n_f1
 L seg_n_g1
 L seg_n_h1
 L seg_ne_a1
 L seg_ne_e5
 L seg_ne_b1
 L seg_ne_c1
 L seg_ne_d1
 L seg_ne_e1
 L seg_ne_f1
 L seg_ne_g1
 L seg_ne_a2
 L seg_ne_a3
 L seg_ne_c6
 L seg_ne_a5
 L seg_ne_a6
 L seg_ne_a7
 L seg_nw_b1
 L seg_nw_c1
 L seg_nw_d1
 L seg_nw_e1
 L seg_nw_f1
 L seg_nw_g1
 L seg_nw_c5
 L seg_nw_h1
 L seg_nw_h2
 L seg_nw_h3
 L seg_nw_h4
 L seg_nw_h5
 L seg_nw_h6
 L seg_nw_h7
COLUMNS
    MARKER0 'MARKER' 'INTORG'
    q_a1 obj -1
    q_a1 seg_e_a1 1
    q_a1 seg_n_a1 1
    q_a1 seg_ne_a1 1
    q_b1 obj -1
    q_b1 seg_e_a1 1
    q_b1 seg_n_b1 1
    q_b1 seg_ne_b1 1
    q_b1 seg_nw_b1 1
    q_c1 obj -1
    q_c1 seg_e_a1 1
    q_c1 seg_n_c1 1
    q_c1 seg_ne_c1 1
    q_c1 seg_nw_c1 1
    q_d1 obj -1
    q_d1 seg_e_a1 1
    q_d1 seg_n_d1 1
    q_d1 seg_ne_d1 1
    q_d1 seg_nw_d1 1
    q_e1 obj -1
    q_e1 seg_e_a1 1
    q_e1 seg_n_e1 1
    q_e1 seg_ne_e1 1
    q_e1 seg_nw_e1 1
    q_f1 obj -1
    q_f1 seg_e_a1 1
    q_f1 seg_n_f1 1
    q_f1 seg_ne_f1 1
    q_f1 seg_nw_f1 1
    q_g1 obj -1
    q_g1 seg_e_a1 1
    q_g1 seg_n_g1 1
    q_g1 seg_ne_g1 1
    q_g1 seg_nw_g1 1
    q_h1 obj -1
    q_h1 seg_e_a1 1
    q_h1 seg_n_h1 1
    q_h1 seg_nw_h1 1
    q_a2 obj -1
    q_a2 seg_e_a2 1
    q_a2 seg_n_a1 1
    q_a2 seg_ne_a2 1
    q_a2 seg_nw_b1 1
    q_b2 obj -1
    q_b2 seg_e_a2 1
    q_b2 seg_n_b1 1
    q_b2 seg_ne_a1 1
    q_b2 seg_nw_c1 1
    q_c2 obj -1
    q_c2 seg_e_a2 1
    q_c2 seg_n_c1 1
    q_c2 seg_ne_b1 1
    q_c2 seg_nw_d1 1
    q_d2 obj -1
    q_d2 seg_e_a2 1
    q_d2 seg_n_d1 1
    q_d2 seg_ne_c1 1
    q_d2 seg_nw_e1 1
    q_e2 obj -1
    q_e2 seg_e_a2 1
    q_e2 seg_n_e1 1
    q_e2 seg_ne_d1 1
    q_e2 seg_nw_f1 1
    q_f2 obj -1
    q_f2 seg_e_a2 1
    q_f2 seg_n_f1 1
    q_f2 seg_ne_e1 1
    q_f2 seg_nw_g1 1
    q_g2 obj -1
    q_g2 seg_e_a2 1
    q_g2 seg_n_g1 1
    q_g2 seg_ne_f1 1
    q_g2 seg_nw_h1 1
    q_h2 obj -1
    q_h2 seg_e_a2 1
    q_h2 seg_n_h1 1
    q_h2 seg_ne_g1 1
    q_h2 seg_nw_h2 1
    q_a3 obj -1
    q_a3 seg_e_a3 1
    q_a3 seg_n_a1 1
    q_a3 seg_ne_a3 1
    q_a3 seg_nw_c1 1
    q_b3 obj -1
    q_b3 seg_e_a3 1
    q_b3 seg_n_b1 1
    q_b3 seg_ne_a2 1
    q_b3 seg_nw_d1 1
    q_c3 obj -1
    q_c3 seg_e_a3 1
    q_c3 seg_n_c1 1
    q_c3 seg_ne_a1 1
    q_c3 seg_nw_e1 1
    q_d3 obj -1
    q_d3 seg_e_a3 1
    q_d3 seg_n_d1 1
    q_d3 seg_ne_b1 1
    q_d3 seg_nw_f1 1
    q_e3 obj -1
    q_e3 seg_e_a3 1
    q_e3 seg_n_e1 1
    q_e3 seg_ne_c1 1
    q_e3 seg_nw_g1 1
    q_f3 obj -1
    q_f3 seg_e_a3 1
    q_f3 seg_n_f1 1
    q_f3 seg_ne_d1 1
    q_f3 seg_nw_h1 1
    q_g3 obj -1
    q_g3 seg_e_a3 1
    q_g3 seg_n_g1 1
    q_g3 seg_ne_e1 1
    q_g3 seg_nw_h2 1
    q_h3 obj -1
    q_h3 seg_e_a3 1
    q_h3 seg_n_h1 1
    q_h3 seg_ne_f1 1
    q_h3 seg_nw_h3 1
    q_a4 obj -1
    q_a4 seg_e_a4 1
    q_a4 seg_n_a1 1
    q_a4 seg_nw_d1 1
    q_b4 obj -1
    q_b4 seg_e_a4 1
    q_b4 seg_n_b1 1
    q_b4 seg_ne_a3 1
    q_b4 seg_nw_e1 1
    q_c4 obj -1
    q_c4 seg_e_a4 1
    q_c4 seg_n_c1 1
    q_c4 seg_ne_a2 1
    q_c4 seg_nw_f1 1
    q_e4 obj -1
    q_e4 seg_e_e4 1
    q_e4 seg_n_e1 1
    q_e4 seg_ne_b1 1
    q_e4 seg_nw_h1 1
    q_f4 obj -1
    q_f4 seg_e_e4 1
    q_f4 seg_n_f1 1
    q_f4 seg_ne_c1 1
    q_f4 seg_nw_h2 1
    q_g4 obj -1
    q_g4 seg_e_e4 1
    q_g4 seg_n_g1 1
    q_g4 seg_ne_d1 1
    q_g4 seg_nw_h3 1
    q_h4 obj -1
    q_h4 seg_e_e4 1
    q_h4 seg_n_h1 1
    q_h4 seg_ne_e1 1
    q_h4 seg_nw_h4 1
    q_a5 obj -1
    q_a5 seg_n_a1 1
    q_a5 seg_ne_a5 1
    q_a5 seg_nw_e1 1
    q_c5 obj -1
    q_c5 seg_e_c5 1
    q_c5 seg_n_c1 1
    q_c5 seg_ne_a3 1
    q_c5 seg_nw_c5 1
    q_d5 obj -1
    q_d5 seg_e_c5 1
    q_d5 seg_n_d5 1
    q_d5 seg_ne_a2 1
    q_d5 seg_nw_h1 1
    q_e5 obj -1
    q_e5 seg_e_c5 1
    q_e5 seg_n_e1 1
    q_e5 seg_ne_e5 1
    q_e5 seg_nw_h2 1
    q_f5 obj -1
    q_f5 seg_e_c5 1
    q_f5 seg_n_f1 1
    q_f5 seg_ne_b1 1
    q_f5 seg_nw_h3 1
    q_g5 obj -1
    q_g5 seg_e_c5 1
    q_g5 seg_n_g1 1
    q_g5 seg_ne_c1 1
    q_g5 seg_nw_h4 1
    q_h5 obj -1
    q_h5 seg_e_c5 1
    q_h5 seg_n_h1 1
    q_h5 seg_ne_d1 1
    q_h5 seg_nw_h5 1
    q_a6 obj -1
    q_a6 seg_e_a6 1
    q_a6 seg_n_a1 1
    q_a6 seg_ne_a6 1
    q_b6 obj -1
    q_b6 seg_e_a6 1
    q_b6 seg_n_b6 1
    q_b6 seg_ne_a5 1
    q_b6 seg_nw_c5 1
    q_c6 obj -1
    q_c6 seg_e_a6 1
    q_c6 seg_n_c1 1
    q_c6 seg_ne_c6 1
    q_c6 seg_nw_h1 1
    q_d6 obj -1
    q_d6 seg_e_a6 1
    q_d6 seg_n_d5 1
    q_d6 seg_ne_a3 1
    q_d6 seg_nw_h2 1
    q_e6 obj -1
    q_e6 seg_e_a6 1
    q_e6 seg_n_e1 1
    q_e6 seg_ne_a2 1
    q_e6 seg_nw_h3 1
    q_f6 obj -1
    q_f6 seg_e_a6 1
    q_f6 seg_n_f1 1
    q_f6 seg_ne_e5 1
    q_f6 seg_nw_h4 1
    q_g6 obj -1
    q_g6 seg_e_a6 1
    q_g6 seg_n_g1 1
    q_g6 seg_ne_b1 1
    q_g6 seg_nw_h5 1
    q_h6 obj -1
    q_h6 seg_e_a6 1
    q_h6 seg_n_h1 1
    q_h6 seg_ne_c1 1
    q_h6 seg_nw_h6 1
    q_a7 obj -1
    q_a7 seg_e_a7 1
    q_a7 seg_n_a1 1
    q_a7 seg_ne_a7 1
    q_a7 seg_nw_c5 1
    q_b7 obj -1
    q_b7 seg_e_a7 1
    q_b7 seg_n_b6 1
    q_b7 seg_ne_a6 1
    q_b7 seg_nw_h1 1
    q_c7 obj -1
    q_c7 seg_e_a7 1
    q_c7 seg_n_c1 1
    q_c7 seg_ne_a5 1
    q_c7 seg_nw_h2 1
    q_d7 obj -1
    q_d7 seg_e_a7 1
    q_d7 seg_n_d5 1
    q_d7 seg_ne_c6 1
    q_d7 seg_nw_h3 1
    q_f7 obj -1
    q_f7 seg_e_f7 1
    q_f7 seg_n_f1 1
    q_f7 seg_ne_a2 1
    q_f7 seg_nw_h5 1
    q_g7 obj -1
    q_g7 seg_e_f7 1
    q_g7 seg_n_g1 1
    q_g7 seg_ne_e5 1
    q_g7 seg_nw_h6 1
    q_h7 obj -1
    q_h7 seg_e_f7 1
    q_h7 seg_n_h1 1
    q_h7 seg_ne_b1 1
    q_h7 seg_nw_h7 1
    q_a8 obj -1
    q_a8 seg_e_a8 1
    q_a8 seg_n_a1 1
    q_a8 seg_nw_h1 1
    q_b8 obj -1
    q_b8 seg_e_a8 1
    q_b8 seg_n_b6 1
    q_b8 seg_ne_a7 1
    q_b8 seg_nw_h2 1
    q_c8 obj -1
    q_c8 seg_e_a8 1
    q_c8 seg_n_c1 1
    q_c8 seg_ne_a6 1
    q_c8 seg_nw_h3 1
    q_d8 obj -1
    q_d8 seg_e_a8 1
    q_d8 seg_n_d5 1
    q_d8 seg_ne_a5 1
    q_e8 obj -1
    q_e8 seg_e_a8 1
    q_e8 seg_ne_c6 1
    q_e8 seg_nw_h5 1
    q_f8 obj -1
    q_f8 seg_e_a8 1
    q_f8 seg_n_f1 1
    q_f8 seg_nw_h6 1
    q_g8 obj -1
    q_g8 seg_e_a8 1
    q_g8 seg_n_g1 1
    q_g8 seg_ne_a2 1
    q_g8 seg_nw_h7 1
    q_h8 obj -1
    q_h8 seg_e_a8 1
    q_h8 seg_n_h1 1
    q_h8 seg_ne_e5 1
    MARKER0 'MARKER' 'INTEND'
RHS
    RHS seg_e_a1 1
    RHS seg_e_a2 1
    RHS seg_e_a3 1
    RHS seg_e_a4 1
    RHS seg_e_e4 1
    RHS seg_e_c5 1
    RHS seg_e_a6 1
    RHS seg_e_a7 1
    RHS seg_e_f7 1
    RHS seg_e_a8 1
    RHS seg_n_a1 1
    RHS seg_n_b1 1
    RHS seg_n_b6 1
    RHS seg_n_c1 1
    RHS seg_n_d1 1
    RHS seg_n_d5 1
    RHS seg_n_e1 1
    RHS seg_n_f1 1
    RHS seg_n_g1 1
    RHS seg_n_h1 1
    RHS seg_ne_a1 1
    RHS seg_ne_e5 1
    RHS seg_ne_b1 1
    RHS seg_ne_c1 1
    RHS seg_ne_d1 1
    RHS seg_ne_e1 1
    RHS seg_ne_f1 1
    RHS seg_ne_g1 1
    RHS seg_ne_a2 1
    RHS seg_ne_a3 1
    RHS seg_ne_c6 1
    RHS seg_ne_a5 1
    RHS seg_ne_a6 1
    RHS seg_ne_a7 1
    RHS seg_nw_b1 1
    RHS seg_nw_c1 1
    RHS seg_nw_d1 1
    RHS seg_nw_e1 1
    RHS seg_nw_f1 1
    RHS seg_nw_g1 1
    RHS seg_nw_c5 1
    RHS seg_nw_h1 1
    RHS seg_nw_h2 1
    RHS seg_nw_h3 1
    RHS seg_nw_h4 1
    RHS seg_nw_h5 1
    RHS seg_nw_h6 1
    RHS seg_nw_h7 1
BOUNDS
 UP BND q_a1 1
 UP BND q_b1 1
 UP BND q_c1 1
 UP BND q_d1 1
 UP BND q_e1 1
 UP BND q_f1 1
 UP BND q_g1 1
 UP BND q_h1 1
 UP BND q_a2 1
 UP BND q_b2 1
 UP BND q_c2 1
 UP BND q_d2 1
 UP BND q_e2 1
 UP BND q_f2 1
 UP BND q_g2 1
 UP BND q_h2 1
 UP BND q_a3 1
 UP BND q_b3 1
 UP BND q_c3 1
 UP BND q_d3 1
 UP BND q_e3 1
 UP BND q_f3 1
 UP BND q_g3 1
 UP BND q_h3 1
 UP BND q_a4 1
 UP BND q_b4 1
 UP BND q_c4 1
 UP BND q_e4 1
 UP BND q_f4 1
 UP BND q_g4 1
 UP BND q_h4 1
 UP BND q_a5 1
 UP BND q_c5 1
 UP BND q_d5 1
 UP BND q_e5 1
 UP BND q_f5 1
 UP BND q_g5 1
 UP BND q_h5 1
 UP BND q_a6 1
 UP BND q_b6 1
 UP BND q_c6 1
 UP BND q_d6 1
 UP BND q_e6 1
 UP BND q_f6 1
 UP BND q_g6 1
 UP BND q_h6 1
 UP BND q_a7 1
 UP BND q_b7 1
 UP BND q_c7 1
 UP BND q_d7 1
 UP BND q_f7 1
 UP BND q_g7 1
 UP BND q_h7 1
 UP BND q_a8 1
 UP BND q_b8 1
 UP BND q_c8 1
 UP BND q_d8 1
 UP BND q_e8 1
 UP BND q_f8 1
 UP BND q_g8 1
 UP BND q_h8 1
ENDATA
