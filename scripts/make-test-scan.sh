#!/bin/sh
# make-test-scan.sh W H OUT.jpg: a test scan made with libvips (never held whole in memory): a smooth gradient
# page with a one-pixel black-and-white checkerboard patch (W/5 square) at its centre: any blur shows.
set -e
W=$1; H=$2; OUT=$3; T=$(mktemp -d)
GW=$((W/50+1)); GH=$((H/50+1))
vips xyz $T/g.v $GW $GH
vips extract_band $T/g.v $T/gx.v 0
vips extract_band $T/g.v $T/gy.v 1
vips linear $T/gx.v $T/ux.v "$(awk "BEGIN { print 200 / $GW }")" 30 --uchar
vips linear $T/gy.v $T/uy.v "$(awk "BEGIN { print 200 / $GH }")" 30 --uchar
vips bandjoin "$T/ux.v $T/uy.v $T/ux.v" $T/gs.v
vips resize $T/gs.v $T/big.v 50 --kernel linear
vips extract_area $T/big.v $T/grad.v 0 0 $W $H
vips xyz $T/c.v 2 2
vips extract_band $T/c.v $T/cx.v 0
vips extract_band $T/c.v $T/cy.v 1
vips add $T/cx.v $T/cy.v $T/cs.v
vips remainder_const $T/cs.v $T/cr.v 2
vips linear $T/cr.v $T/c1.v 255 0 --uchar
vips bandjoin "$T/c1.v $T/c1.v $T/c1.v" $T/c3.v
P=$((W/5/2*2)); X0=$(((W-P)/2/2*2)); Y0=$(((H-P)/2/2*2))
vips replicate $T/c3.v $T/patch.v $((P/2)) $((P/2))
vips insert $T/grad.v $T/patch.v "$OUT[Q=92]" $X0 $Y0
rm -rf $T
