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
vc-build w                       => = d1 fcb e1 fcb c7 fcb d7 fcb a1 iv[b1] b1 id[b2] c1 iv[b1-c2] f1 iv[g1-e2] g1 id[f2] a2 ir[b2] b2 id[b3] c2 id[b3] g2 id[f3] a3 id[b2] c3 id[b3] d3 id[e3] g3 id[f4] a4 id[b3] b4 id[b3] d4 id[e3] f4 id[f3] g4 id[f5] a5 id[b4] b5 id[b3] d5 id[c5] e5 id[f3] f5 id[f3] g5 id[f6] a6 id[b5] e6 id[f3] f6 id[f3] g6 ir[f6] a7 id[b6] b7 iv[c6-a7] e7 iv[e6-f7] f7 id[f4] g7 iv[f7] b3 x f3 x
