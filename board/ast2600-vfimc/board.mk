# ast2600-vfimc: the AST2600 evaluation board's own tree with a vfimc
# engine on each vendor pool, beside the engine the vendor bound it to
BOARD_MACHINE := ast2600-evb
BOARD_OVERLAYS := dts/ast2600-vfimc.dtso
