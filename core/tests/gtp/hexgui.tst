# What HexGui sends and parses (see shared/hex-formats.md, "HexGui talking to an engine"):
# the analyze menu's wildcards, edges named north/south/west/east in `vc` answers (HexGui's
# point parser knows no others), and `vc-build`'s `cell x` marks for the cells its Hint button
# greys out.
hexgui-analyze_commands          => = inferior/Compute Inferior/compute-inferior %m | inferior/Compute Fillin/compute-fillin %m | inferior/VC Build/vc-build %m | inferior/VC Build Incremental/vc-build-incremental %m %p | none/VC Undo Incremental/vc-undo-incremental | vc/VC Between Cells Full/vc-between-cells-full %c %P | vc/VC Between Cells Semi/vc-between-cells-semi %c %P | ...
boardsize 3                      => =
play b b2                        => =
# `%c %P` with b2 and the top edge picked: the two points, in the order picked.
vc-between-cells-full b b2 north => = black b2 north full hsearch [ b1 c1 ] [ ]
vc-between-cells-full b top b2   => = black north b2 full hsearch [ b1 c1 ] [ ]
vc-between-cells-full w west a1  => = white west a1 full hsearch [  ] [ ]
vc-between-cells-semi w a1 c1    => = white a1 c1 semi hsearch [ b1 ] [ ] b1
boardsize 7                      => =
play b d2                        => =
play w c4                        => =
play b d6                        => =
play w e4                        => =
vc-get-mustplay w                => = d1 e1 f1 g1 e2 f2 d3 e3 d4 c5 d5 b6 c6 a7 b7 c7 d7
# The acute-corner fill-in (Benzene's acute-pinf, with stones as its lines: g3 g4 g5 and a3 a4
# a5 for White) and what follows it leave d4 alone here, as Benzene's fill-in does: no move to
# grey out.
vc-build w                       => = d1 fcb e1 fcb c7 fcb d7 fcb c1 fpb f1 fpb c2 fpb b7 fpb e7 fpb f7 fpb g7 fpb a1 fcb b1 fcb a2 fcb b2 fcb a3 fpw a4 fpw a5 fpw b3 fcb c3 fcb a6 fcw a7 fcw b4 fcw b5 fcw c5 fcb d5 fcb b6 fcb c6 fcb e6 fpb f6 fpb g6 fpb g3 fpw g4 fpw g5 fpw e5 fcb f5 fcb g1 fcw g2 fcw f3 fcw f4 fcw e2 fcb f2 fcb d3 fcb e3 fcb
# Without e4 the Hint has cells to grey out (`x`).
undo                             => =
vc-build w                       => = d1 fcb e1 fcb c7 fcb d7 fcb c1 fpb f1 fpb c2 fpb b7 fpb e7 fpb f7 fpb g7 fpb a1 fcb b1 fcb a2 fcb b2 fcb a3 fpw a4 fpw a5 fpw b3 fcb c3 fcb a6 fcw a7 fcw b4 fcw b5 fcw b6 fcb c6 fcb g1 iv[f2] e2 iv[f2-d3] g2 id[f3] g3 id[f4] g4 id[f5] c5 iv[d5] g5 id[f6] e6 iv[e5-f6] g6 iv[f6] f2 x d3 x f3 x e4 x f4 x e5 x f5 x f6 x
