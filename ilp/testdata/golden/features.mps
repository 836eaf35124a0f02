* chessmodel: golden features
* 45 variables, 60 rows, 176 nonzeros
* Objective: minimize walls
NAME chessmodel
ROWS
 N obj
 L square_a1
 L square_b1
 L square_c1
 L square_a2
 L square_c2
 L square_a3
 L square_b3
 L square_c3
 L count_knight_light_max
 E count_rook
 L walls_count_max
 L see_e_b1_up
 L see_e_b1_block
 L see_e_c1_up
 L see_e_c1_block
 L see_e_b3_up
 L see_e_b3_block
 L see_e_c3_up
 L see_e_c3_block
 L see_n_a2_up
 L see_n_a2_block
 L see_n_a3_up
 L see_n_a3_block
 L see_n_c2_up
 L see_n_c2_block
 L see_n_c3_up
 L see_n_c3_block
 L see_w_b1_up
 L see_w_b1_block
 L see_w_a1_up
 L see_w_a1_block
 L see_w_b3_up
 L see_w_b3_block
 L see_w_a3_up
 L see_w_a3_block
 L see_s_a2_up
 L see_s_a2_block
 L see_s_a1_up
 L see_s_a1_block
 L see_s_c2_up
 L see_s_c2_block
 L see_s_c1_up
 L see_s_c1_block
 L att_a1_up
 L att_a1_wall
 L att_b1_up
 L att_b1_wall
 L att_c1_up
 L att_c1_wall
 L att_a2_up
 L att_a2_wall
 L att_c2_up
 L att_c2_wall
 L att_a3_up
 L att_a3_wall
 L att_b3_up
 L att_b3_wall
 L att_c3_up
 L att_c3_wall
 G cover_count
COLUMNS
    MARKER0 'MARKER' 'INTORG'
    n_b1 square_b1 1
    n_b1 count_knight_light_max 1
    n_b1 see_e_c1_block 1
    n_b1 see_w_a1_block 1
    n_b1 att_a3_up -1
    n_b1 att_c3_up -1
    n_a2 square_a2 1
    n_a2 count_knight_light_max 1
    n_a2 see_n_a3_block 1
    n_a2 see_s_a1_block 1
    n_a2 att_c1_up -1
    n_a2 att_c3_up -1
    n_c2 square_c2 1
    n_c2 count_knight_light_max 1
    n_c2 see_n_c3_block 1
    n_c2 see_s_c1_block 1
    n_c2 att_a1_up -1
    n_c2 att_a3_up -1
    n_b3 square_b3 1
    n_b3 count_knight_light_max 1
    n_b3 see_e_c3_block 1
    n_b3 see_w_a3_block 1
    n_b3 att_a1_up -1
    n_b3 att_c1_up -1
    r_a1 square_a1 1
    r_a1 count_rook 1
    r_a1 see_e_b1_up -1
    r_a1 see_n_a2_up -1
    r_b1 square_b1 1
    r_b1 count_rook 1
    r_b1 see_e_c1_up -1
    r_b1 see_w_a1_up -1
    r_c1 square_c1 1
    r_c1 count_rook 1
    r_c1 see_n_c2_up -1
    r_c1 see_w_b1_up -1
    r_a2 square_a2 1
    r_a2 count_rook 1
    r_a2 see_n_a3_up -1
    r_a2 see_s_a1_up -1
    r_c2 square_c2 1
    r_c2 count_rook 1
    r_c2 see_n_c3_up -1
    r_c2 see_s_c1_up -1
    r_a3 square_a3 1
    r_a3 count_rook 1
    r_a3 see_e_b3_up -1
    r_a3 see_s_a2_up -1
    r_b3 square_b3 1
    r_b3 count_rook 1
    r_b3 see_e_c3_up -1
    r_b3 see_w_a3_up -1
    r_c3 square_c3 1
    r_c3 count_rook 1
    r_c3 see_w_b3_up -1
    r_c3 see_s_c2_up -1
    w_a1 obj 1
    w_a1 square_a1 1
    w_a1 walls_count_max 1
    w_a1 see_e_b1_block 1
    w_a1 see_n_a2_block 1
    w_a1 att_a1_wall 1
    w_b1 obj 1
    w_b1 square_b1 1
    w_b1 walls_count_max 1
    w_b1 see_e_c1_block 1
    w_b1 see_w_a1_block 1
    w_b1 att_b1_wall 1
    w_c1 obj 1
    w_c1 square_c1 1
    w_c1 walls_count_max 1
    w_c1 see_n_c2_block 1
    w_c1 see_w_b1_block 1
    w_c1 att_c1_wall 1
    w_a2 obj 1
    w_a2 square_a2 1
    w_a2 walls_count_max 1
    w_a2 see_n_a3_block 1
    w_a2 see_s_a1_block 1
    w_a2 att_a2_wall 1
    w_c2 obj 1
    w_c2 square_c2 1
    w_c2 walls_count_max 1
    w_c2 see_n_c3_block 1
    w_c2 see_s_c1_block 1
    w_c2 att_c2_wall 1
    w_a3 obj 1
    w_a3 square_a3 1
    w_a3 walls_count_max 1
    w_a3 see_e_b3_block 1
    w_a3 see_s_a2_block 1
    w_a3 att_a3_wall 1
    w_b3 obj 1
    w_b3 square_b3 1
    w_b3 walls_count_max 1
    w_b3 see_e_c3_block 1
    w_b3 see_w_a3_block 1
    w_b3 att_b3_wall 1
    w_c3 obj 1
    w_c3 square_c3 1
    w_c3 walls_count_max 1
    w_c3 see_w_b3_block 1
    w_c3 see_s_c2_block 1
    w_c3 att_c3_wall 1
    MARKER0 'MARKER' 'INTEND'
    see_e_b1 see_e_b1_up 1
    see_e_b1 see_e_b1_block 1
    see_e_b1 see_e_c1_up -1
    see_e_b1 att_b1_up -1
    see_e_c1 see_e_c1_up 1
    see_e_c1 see_e_c1_block 1
    see_e_c1 att_c1_up -1
    see_e_b3 see_e_b3_up 1
    see_e_b3 see_e_b3_block 1
    see_e_b3 see_e_c3_up -1
    see_e_b3 att_b3_up -1
    see_e_c3 see_e_c3_up 1
    see_e_c3 see_e_c3_block 1
    see_e_c3 att_c3_up -1
    see_n_a2 see_n_a2_up 1
    see_n_a2 see_n_a2_block 1
    see_n_a2 see_n_a3_up -1
    see_n_a2 att_a2_up -1
    see_n_a3 see_n_a3_up 1
    see_n_a3 see_n_a3_block 1
    see_n_a3 att_a3_up -1
    see_n_c2 see_n_c2_up 1
    see_n_c2 see_n_c2_block 1
    see_n_c2 see_n_c3_up -1
    see_n_c2 att_c2_up -1
    see_n_c3 see_n_c3_up 1
    see_n_c3 see_n_c3_block 1
    see_n_c3 att_c3_up -1
    see_w_b1 see_w_b1_up 1
    see_w_b1 see_w_b1_block 1
    see_w_b1 see_w_a1_up -1
    see_w_b1 att_b1_up -1
    see_w_a1 see_w_a1_up 1
    see_w_a1 see_w_a1_block 1
    see_w_a1 att_a1_up -1
    see_w_b3 see_w_b3_up 1
    see_w_b3 see_w_b3_block 1
    see_w_b3 see_w_a3_up -1
    see_w_b3 att_b3_up -1
    see_w_a3 see_w_a3_up 1
    see_w_a3 see_w_a3_block 1
    see_w_a3 att_a3_up -1
    see_s_a2 see_s_a2_up 1
    see_s_a2 see_s_a2_block 1
    see_s_a2 see_s_a1_up -1
    see_s_a2 att_a2_up -1
    see_s_a1 see_s_a1_up 1
    see_s_a1 see_s_a1_block 1
    see_s_a1 att_a1_up -1
    see_s_c2 see_s_c2_up 1
    see_s_c2 see_s_c2_block 1
    see_s_c2 see_s_c1_up -1
    see_s_c2 att_c2_up -1
    see_s_c1 see_s_c1_up 1
    see_s_c1 see_s_c1_block 1
    see_s_c1 att_c1_up -1
    att_a1 att_a1_up 1
    att_a1 att_a1_wall 1
    att_a1 cover_count 1
    att_b1 att_b1_up 1
    att_b1 att_b1_wall 1
    att_b1 cover_count 1
    att_c1 att_c1_up 1
    att_c1 att_c1_wall 1
    att_c1 cover_count 1
    att_a2 att_a2_up 1
    att_a2 att_a2_wall 1
    att_a2 cover_count 1
    att_c2 att_c2_up 1
    att_c2 att_c2_wall 1
    att_c2 cover_count 1
    att_a3 att_a3_up 1
    att_a3 att_a3_wall 1
    att_a3 cover_count 1
    att_b3 att_b3_up 1
    att_b3 att_b3_wall 1
    att_b3 cover_count 1
    att_c3 att_c3_up 1
    att_c3 att_c3_wall 1
    att_c3 cover_count 1
    const_one obj 1
RHS
    RHS square_a1 1
    RHS square_b1 1
    RHS square_c1 1
    RHS square_a2 1
    RHS square_c2 1
    RHS square_a3 1
    RHS square_b3 1
    RHS square_c3 1
    RHS count_knight_light_max 1
    RHS count_rook 1
    RHS walls_count_max 2
    RHS see_e_b1_block 1
    RHS see_e_c1_block 1
    RHS see_e_b3_block 1
    RHS see_e_c3_block 1
    RHS see_n_a2_block 1
    RHS see_n_a3_block 1
    RHS see_n_c2_block 1
    RHS see_n_c3_block 1
    RHS see_w_b1_block 1
    RHS see_w_a1_block 1
    RHS see_w_b3_block 1
    RHS see_w_a3_block 1
    RHS see_s_a2_block 1
    RHS see_s_a1_block 1
    RHS see_s_c2_block 1
    RHS see_s_c1_block 1
    RHS att_a1_wall 1
    RHS att_b1_wall 1
    RHS att_c1_wall 1
    RHS att_a2_wall 1
    RHS att_c2_wall 1
    RHS att_a3_wall 1
    RHS att_b3_wall 1
    RHS att_c3_wall 1
    RHS cover_count 5
BOUNDS
 UP BND n_b1 1
 UP BND n_a2 1
 UP BND n_c2 1
 UP BND n_b3 1
 UP BND r_a1 1
 UP BND r_b1 1
 UP BND r_c1 1
 UP BND r_a2 1
 UP BND r_c2 1
 UP BND r_a3 1
 UP BND r_b3 1
 UP BND r_c3 1
 UP BND w_a1 1
 UP BND w_b1 1
 UP BND w_c1 1
 UP BND w_a2 1
 UP BND w_c2 1
 UP BND w_a3 1
 UP BND w_b3 1
 UP BND w_c3 1
 UP BND see_e_b1 1
 UP BND see_e_c1 1
 UP BND see_e_b3 1
 UP BND see_e_c3 1
 UP BND see_n_a2 1
 UP BND see_n_a3 1
 UP BND see_n_c2 1
 UP BND see_n_c3 1
 UP BND see_w_b1 1
 UP BND see_w_a1 1
 UP BND see_w_b3 1
 UP BND see_w_a3 1
 UP BND see_s_a2 1
 UP BND see_s_a1 1
 UP BND see_s_c2 1
 UP BND see_s_c1 1
 UP BND att_a1 1
 UP BND att_b1 1
 UP BND att_c1 1
 UP BND att_a2 1
 UP BND att_c2 1
 UP BND att_a3 1
 UP BND att_b3 1
 UP BND att_c3 1
 FX BND const_one 1
ENDATA
