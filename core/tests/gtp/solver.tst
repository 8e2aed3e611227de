# The solver's commands (Benzene's names and answers); the same results are checked against
# brute force in core/tests/solver_soundness.rs. They solve without the swap, as Benzene's do.

boardsize 3                      => =
dfpn-solve-state                 => = black
dfpn-solve-state w               => = white
dfpn-solver-find-winning b       => = c1 a2 b2 c2 a3
dfpn-get-pv b                    => = ...
dfpn-get-bounds b                => = 0 2147483647
play b a1                        => =
dfpn-solve-state w               => = white
dfpn-solver-find-winning w       => = b2
dfpn-solver-find-winning         => ? needs a colour, b or w
dfpn-solve-state x               => ? 'x' is not a colour: expected b, w, black or white
dfpn-clear-tt                    => =
dfpn-get-bounds w                => = unknown
param_dfpn                       => =  | [bool] use_guifx 0 | [bool] guifx_deep_bounds 0 | [string] threads 1 | [string] tt_size 64 | [string] timelimit 0
param_dfpn threads 2             => =
param_dfpn use_guifx 1           => =
param_dfpn guifx_deep_bounds 1   => =
# HexGui's live drawing (core/tests/hexgui.rs checks it): off again for the answers below.
param_dfpn use_guifx 0           => =
param_dfpn use_guifx 2           => ? 2: expected a whole number from 0 to 1
param_dfpn threads 0             => ? 0: expected a whole number from 1 to 256
param_dfpn tt_size 100000        => ? 100000: expected a whole number from 1 to 16384
param_dfpn timelimit -1          => ? timelimit: expected seconds from 0 to 604800
param_dfpn nonsense 1            => ? unknown parameter: nonsense
param_dfpn tt_size 8             => =
boardsize 4                      => =
play b a1                        => =
dfpn-solve-state w               => = white
play w d1                        => =
dfpn-solve-state b               => = black
param_dfpn timelimit 0.05        => =
boardsize 11                     => =
dfpn-solve-state b               => = empty
