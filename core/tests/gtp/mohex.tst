# The player's commands (Benzene's names): genmove by search, param_mohex, mohex-get-pv,
# mohex-values, mohex-search-statistics.
boardsize 4                      => =
param_mohex max_games 300        => =
param_mohex max_time 5           => =
param_mohex num_threads 2        => =
param_mohex use_rave x           => ? use_rave takes 0 or 1, not 'x'
param_mohex max_games 0          => ? max_games takes a number from 1 to 1099511627776, not '0'
param_mohex frobnicate 1         => ? unknown parameter: frobnicate
param_mohex                      => = [bool] reuse_subtree 1 | [bool] use_rave 1 | [bool] bridge_replies 1 | ...
param_mohex solver_max_empty 0   => =
play b b2                        => =
play w c2                        => =
genmove b                        => = ...
mohex-search-statistics          => = games ...
mohex-get-pv                     => = ...
mohex-values                     => = ...
genmove                          => ? genmove needs a colour: genmove b
# A board with one empty cell, then a finished one.
boardsize 2                      => =
play b a1                        => =
play w b1                        => =
play b b2                        => =
genmove w                        => = a2
genmove b                        => = resign
