# The words of the demo book (original text, Apache-2.0 like the rest of Recto).

TEXTS = {
    "A": {
        "name": "Allium", "latin": "Allium giganteum \u2014 the giant ornamental onion",
        "intro": "An allium begins as a papery bulb and ends as a globe of stars held high on a single "
                 "stem. Every floret rises from one point, so the head is a sphere drawn by its radii.",
        "caption": "The head in full flower, with a single floret enlarged.",
        "body": ["Count the florets on a good head and you will pass two hundred. Each is a six-pointed "
                 "star of tepals around six stamens, and the globe opens from the top downwards over about "
                 "three weeks. Bees work it in spirals.",
                 "When the flowers fade the seed capsules stay on, turning the colour of old paper, and many "
                 "gardeners leave them standing into winter, when frost draws every radius in white. The "
                 "plate places its florets evenly over a sphere; the far ones are printed paler, as they "
                 "would look through summer haze."],
    },
    "B": {
        "name": "Bracken", "latin": "Pteridium aquilinum \u2014 the eagle fern",
        "intro": "A bracken frond repeats itself: each pinna is a small frond, and each pinnule a smaller "
                 "one still. Four rules, applied over and over, draw the whole leaf.",
        "caption": "Two fronds grown from four affine maps; a crozier and a fertile pinnule.",
        "body": ["The fronds on this plate were grown, not drawn. A point is moved three hundred thousand "
                 "times by one of four maps chosen at random, and wherever it lands a dot of ink is set. The "
                 "maps shrink and turn the frond onto its own leaflets, so the shape reappears at every "
                 "scale you care to zoom into.",
                 "Real bracken unrolls in spring from a tight crozier, and spreads by rhizomes that can be "
                 "older than the house beside them. Spores ripen in brown lines under the leaflet edges."],
    },
    "C": {
        "name": "Conifer", "latin": "Abies alba \u2014 the silver fir",
        "intro": "A fir grows by rules a child could follow: one leader upward, a whorl of branches each "
                 "year, and every branch repeating the plan at a smaller size.",
        "caption": "A young fir drawn as a branching process; its cone and a needle enlarged.",
        "body": ["Each shoot on the plate sends out side shoots at a set angle, shortened by a constant "
                 "ratio, until the twigs are small enough to carry needles. Bark is shown by the engraver's "
                 "broken strokes across the trunk, and the scale on the left is in metres.",
                 "Firs hold their cones upright like candles. The cones fall apart on the branch scale by "
                 "scale, so a whole one is rarely found on the ground. Turn a needle over and you will see "
                 "two pale bands of breathing pores."],
    },
    "D": {
        "name": "Dandelion", "latin": "Taraxacum officinale \u2014 the clock",
        "intro": "A dandelion flower becomes a clock of some hundred and fifty seeds, each one hanging "
                 "from a parachute of fine hairs called the pappus.",
        "caption": "A seed head with a few seeds already adrift, and the parts of a seed.",
        "body": ["Children tell the hour by the number of breaths it takes to clear the head. The "
                 "parachute is better than it looks: air passing through the ring of hairs forms a small "
                 "vortex that rides above it, and the seed sinks so slowly that a light breeze can carry "
                 "it for kilometres.",
                 "On the plate every seed has its own beak and crown of filaments; zoom in and you can "
                 "count them. The seeds adrift show the parts named in the key."],
    },
    "E": {
        "name": "Espalier", "latin": "Pyrus communis \u2014 a pear trained on a wall",
        "intro": "An espalier is a tree persuaded into a diagram. Its arms are tied along wires in level "
                 "tiers, and the warm wall behind it ripens the fruit weeks early.",
        "caption": "A four-tier pear against a wall laid in Flemish bond.",
        "body": ["Training starts with a young whip cut back to three buds: one grows upward as the new "
                 "leader, two are bent down to the first wire. Each winter the leader is stopped again at "
                 "the next wire, and the pattern climbs. Summer pruning keeps short fruiting spurs close "
                 "to the arms.",
                 "The wall is laid with headers and stretchers alternating in every course, and each brick "
                 "is hatched on its own. A pear trained like this may crop for a hundred years."],
    },
    "F": {
        "name": "Florets", "latin": "Helianthus annuus \u2014 the head of a sunflower",
        "intro": "Each new floret of a sunflower appears a fixed turn from the last, about 137.5 degrees, "
                 "the golden angle, and the head fills with spirals that nobody counted out.",
        "caption": "Nine hundred florets placed at the golden angle, numbered in order.",
        "body": ["Follow the florets outward and two families of spirals appear, turning in opposite "
                 "senses: here 34 of one and 55 of the other, consecutive Fibonacci numbers, as in most "
                 "real heads. The tints pick out both families.",
                 "The florets are numbered in the order they were placed, the smallest numbers in the "
                 "centre; zoom in to read them. Change the angle by even a degree and the disc fills with "
                 "gaps and spokes. Only the golden angle packs it evenly at every size."],
    },
    "G": {
        "name": "Ginkgo", "latin": "Ginkgo biloba \u2014 the maidenhair tree",
        "intro": "Ginkgo is a living fossil. Its fan-shaped leaves have hardly changed in two hundred "
                 "million years, and their veins fork in pairs instead of forming a net.",
        "caption": "Leaves as they fell in November, each with its forking veins.",
        "body": ["Follow any vein on the plate from the stalk: it runs outward, divides in two, and each "
                 "branch divides again, so the veins never cross and never join. This open, forking "
                 "venation is older than the netted veins of the flowering plants.",
                 "In autumn the whole tree turns butter yellow within a few days and then drops nearly "
                 "every leaf at once, often overnight. The leaves lie here as they fell, each turned at its "
                 "own angle, some still green."],
    },
    "H": {
        "name": "Honeycomb", "latin": "Apis mellifera \u2014 the comb of the honey bee",
        "intro": "Bees build in hexagons because six-sided cells tile the comb with no gaps and the least "
                 "wax for the walls, a fact that took mathematicians two thousand years to prove.",
        "caption": "A brood frame: capped cells, larvae, ripening honey, and three workers.",
        "body": ["The comb on the plate is a working frame. Hatched cells are capped with wax over pupae, "
                 "the curled white shapes are larvae still being fed, amber cells hold honey that is "
                 "ripening, and pale cells at the edge are empty.",
                 "Each cell is about five millimetres across and tilts slightly upward so the honey does "
                 "not run out. Three workers cross the frame; their wings are drawn with their veins, "
                 "which you can trace when you zoom."],
    },
    "I": {
        "name": "Ivy", "latin": "Hedera helix \u2014 the climbing ivy",
        "intro": "Ivy climbs by gluing itself to stone with short aerial roots, and it changes the shape "
                 "of its leaves once it reaches the light.",
        "caption": "Ivy climbing a stone column, with its rootlets and a leaf enlarged.",
        "body": ["Climbing shoots bear lobed leaves, three or five pointed, set alternately along the "
                 "stem. Where the stem touches stone it grows short brown rootlets that hold on even when "
                 "dry. At the top, where the plant no longer needs to climb, it makes bushy shoots with "
                 "plain oval leaves.",
                 "Its late flowers feed insects well into November. The column is drawn course by course; "
                 "every stone has its own joints and shading."],
    },
    "J": {
        "name": "Japanese gravel", "latin": "Karesansui \u2014 the dry landscape garden",
        "intro": "In a dry garden gravel stands for water and stones for islands. The gravel is raked "
                 "each morning into lines that run straight and curl into rings around the stones.",
        "caption": "Five stones in raked gravel, seen from above.",
        "body": ["The rake has wide wooden tines and is drawn in one slow pass, so every line on the plate "
                 "is really three lines travelling together. Where a ripple meets a stone it turns into "
                 "rings that close around it, as water does around a rock in a stream.",
                 "The pattern lasts until the next rain or the next footprint, and then it is raked again. "
                 "The moss at the foot of each stone is stippled dot by dot."],
    },
}

COLOPHON = [
    "This book was drawn by a program: Assets/generate_demo_book.py in the Recto source tree. Every page "
    "is made of lines, dots and type: there are no photographs and no scanned art, and running the "
    "program again draws the same pages to the last pixel.",
    "The type is P052, a Palatino design by URW, with DejaVu as its fallback. Pages are 1600 by 2240 "
    "pixels with fine detail throughout, so that the reader has something worth zooming into.",
    "The pages are original work of the Recto project and are released with it under the Apache "
    "License, Version 2.0.",
]
