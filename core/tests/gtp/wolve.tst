# Choosing the player (param_game player mohex|wolve) and Wolve's commands: param_wolve,
# wolve-get-pv, wolve-scores; the player's pattern table (mohex-patterns) and levels.
param_game                       => = [bool] allow_swap 0 | [list/mohex/wolve] player mohex
param_game player wolve          => =
param_game player six            => ? player is mohex or wolve, not 'six'
param_game allow_swap 0          => =
param_game frobnicate 1          => ? unknown parameter: frobnicate
param_wolve                      => = [string] max_depth 4 | [string] max_time 10 | [string] ply_width 15
param_wolve max_depth 2          => =
param_wolve ply_width 6          => =
param_wolve max_time 5           => =
param_wolve max_depth 0          => ? max_depth takes a number from 1 to 8, not '0'
param_wolve bogus 1              => ? unknown parameter: bogus
boardsize 4                      => =
play b b2                        => =
genmove w                        => = ...
wolve-scores                     => = ...
wolve-get-pv                     => = ...
# On 3x3 the centre wins for Black: Wolve, as White, is proven lost, and as Black finishes.
boardsize 3                      => =
play b b2                        => =
genmove w                        => = ...
genmove b                        => = ...
param_game player mohex          => =
param_mohex level 3              => =
param_mohex level 11             => ? level takes a number from 1 to 10, not '11'
mohex-patterns builtin           => =
mohex-patterns /nonexistent/x    => ? cannot read /nonexistent/x: ...
mohex-patterns                   => ? mohex-patterns needs a file (or builtin)
boardsize 4                      => =
genmove b                        => = ...
# A pattern table is read with a bound: an endless file is refused.
mohex-patterns /dev/zero         => ? /dev/zero: over 67108864 bytes, too long to read
param_mohex temperature 101      => ? temperature takes a number from 0 to 100, not '101'
param_mohex temperature 0.5      => =
param_wolve max_depth 2.5        => ? max_depth takes a number from 1 to 8, not '2.5'
param_wolve ply_width 0          => ? ply_width takes a number from 1 to 361, not '0'
param_wolve max_time nan         => ? max_time takes a number from 0 to 86400, not 'nan'
