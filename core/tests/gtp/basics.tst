# GTP regression script: each line is `command => expected answer`.
# The expected answer is compared with the engine's whole answer (`=` or `?`, then the text);
# a trailing `...` compares only the start. Multi-line answers are joined with ` | `.

protocol_version                 => = 2
name                             => = hexlab
known_command dfpn-solve-state   => = true
known_command dfpn-no-such      => = false
known_command play               => = true
7 boardsize 3                    => =7
boardsize 3 3                    => =
boardsize 0                      => ? board side 0 is out of range: sizes go from 1 to 19
boardsize eleven                 => ? 'eleven' is not a board size
boardsize                        => ? boardsize needs a size: boardsize 11 or boardsize 11 11
play b b1                        => =
play black b2                    => =
play W a1                        => =
play b b1                        => ? b1 is already occupied
play b d1                        => ? d1 is off the 3x3 board
play b z99                       => ? 'z99' is not a cell: columns go from a to s (boards have at most 19 columns)
play b a0                        => ? 'a0' is not a cell: rows are numbered from 1
play x a1                        => ? 'x' is not a colour: expected b, w, black or white
play b                           => ? play needs a colour and a move: play b c3
final_score                      => = cannot score: the game is not over
play b b3                        => =
final_score                      => = B+
showboard                        => =  |    a b c |  1 W B . 1 |   2 . B . 2 |    3 . B . 3 |       a b c
hexlab-position                  => = size=3&b=b1,b2,b3&w=a1&turn=w
genmove w                        => = resign
undo                             => =
final_score                      => = cannot score: the game is not over
all_legal_moves b                => = c1 a2 c2 a3 b3 c3
frobnicate                       => ? unknown command: frobnicate
	 # tabs and comments only: no answer
clear_board                      => =
hexlab-position                  => = size=3
boardsize 5                      => =
play b a3                        => =
play w swap-pieces               => =
hexlab-position                  => = size=5&w=c1&turn=b
param_mohex max_games 500       => =
genmove b                        => = ...
hexgui-analyze_commands          => = inferior/Compute Inferior/compute-inferior %m | inferior/Compute Fillin/compute-fillin %m | ...
boardsize 3                      => =
play b b2                        => =
compute-fillin w                 => = b1 fcb c1 fcb a1 fdb a2 fdb a3 fcb b3 fcb
compute-inferior                 => ? needs a colour: compute-inferior b
compute-inferior x               => ? 'x' is not a colour: expected b, w, black or white
boardsize 3                      => =
play b b2                        => =
vc-between-cells-full b top bottom => = black north south full hsearch [ ...
vc-between-cells-semi b north c3 => = black north c3 semi ...
vc-get-mustplay w                => =
vc-get-mustplay b                => = a1 b1 c1 a2 c2 a3 b3 c3
vc-between-cells-full b top z9   => ? 'z9' is not a cell: columns go from a to s (boards have at most 19 columns)
vc-between-cells-full b top      => ? needs a colour and two points: vc-between-cells-full b top c3
boardsize 5                      => =
play b b2                        => =
play w b1                        => =
play b a4                        => =
play w e1                        => =
play b d4                        => =
play w e2                        => =
play b a5                        => =
vc-build b                       => = e3 fdw c5 fcb d5 fcb ...
vc-between-cells-full b top bottom => = black north south full hsearch [ c1 d1 c2 d2 a3 b3 c3 d3 b4 c5 d5 ] [ ]
vc-build-incremental w c5        => = e3 fdw a1 fcw a2 fcw ...
vc-between-cells-full b top bottom => = black north south full hsearch [ c1 d1 c2 d2 a3 b3 c3 d3 b4 c4 b5 d5 ] [ ]
vc-get-mustplay w                => =
hexlab-position                  => = size=5&b=b2,a4,d4,a5&w=b1,e1,e2&turn=w
vc-undo-incremental              => =
vc-between-cells-full b top bottom => = black north south full hsearch [ c1 d1 c2 d2 a3 b3 c3 d3 b4 c5 d5 ] [ ]
vc-undo-incremental              => ? cannot undo: no incremental build since the last vc-build
vc-build-incremental w b2        => ? b2 is already occupied
vc-build-incremental w top       => ? 'top' is not a cell: the row must be a number, like c3
vc-build-incremental w           => ? needs a colour and a cell: vc-build-incremental b c3
vc-build-incremental w d5        => = ...
play w c5                        => =
vc-between-cells-full b top bottom => = black north south full hsearch [ c1 d1 c2 d2 a3 b3 c3 d3 b4 c4 b5 d5 ] [ ]
param_player_vc max_ors 9        => ? max_ors takes a whole number from 0 to 8
param_player_vc colour 1         => ? unknown parameter 'colour': expected one of and_over_edge, max_ors, limit_fulls, softlimit_full, softlimit_semi, use_captured_sets, use_crossing_rule, use_patterns
param_player_vc and_over_edge 1  => =
param_player_vc                  => = [bool] and_over_edge 1 | [string] max_ors 0 | [bool] limit_fulls 1 | [string] softlimit_full 32767 | [string] softlimit_semi 32767 | [bool] use_captured_sets 1 | [bool] use_crossing_rule 1 | [bool] use_patterns 1
param_player_vc and_over_edge 0  => =
quit                             => =
