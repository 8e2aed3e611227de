# The solver's database commands (Benzene's names): bad arguments answer `?` and leave the
# session as it was; core/tests/store_cli.rs and store_kill.rs open real stores.

dfpn-close-db                    => =
dfpn-close-db now                => ? expects no arguments
dfpn-open-db                     => ? expects a file name
dfpn-open-db a.db b.db           => ? expects a file name
known_command dfpn-open-db       => = true
boardsize 3                      => =
dfpn-solve-state                 => = black
