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
vc-build w                       => = d1 fcb e1 fcb c7 fcb d7 fcb c1 fpb f1 fpb c2 fpb b7 fpb e7 fpb f7 fpb g7 fpb a1 fcb b1 fcb a2 fcb b2 fcb e6 fpb f6 fpb g6 fpb g1 iv[f2] e2 iv[f2-d3] g2 id[f3] a3 iv[b3] c3 iv[b3] d3 id[e3] g3 id[f4] a4 id[b3] b4 id[a6] d4 id[e3] f4 id[g2] g4 id[f5] a5 id[b4] d5 id[c5] e5 iv[f5] g5 iv[f5] a6 id[b5] c6 iv[d5-b6] a7 iv[b6] b3 x f3 x b5 x f5 x
