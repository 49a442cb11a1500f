# The words of the demo book's extras (original text, Apache-2.0 like the rest of Recto): curator notes, the
# German and French translations of two pages, the narration scripts and the book's metadata. Used by
# demobook_extras.py. Every note says something that can be checked on its page or in the generator's code.
#
# Notes: (target, {language: text}). A target is None (the whole page), ("xywh", x, y, w, h) or ("point", x, y),
# in the page image's pixels (1600 × 2240). The points are those the page generators draw at.

NNBSP = "\u202f"   # French puts a narrow no-break space before : ; ? !


def fr(s):
    """French typography: a narrow no-break space before the high punctuation."""
    for mark in (":", ";", "?", "!"):
        s = s.replace(" " + mark, NNBSP + mark)
    return s


# The loop path's length in metres is measured from the map's own curve by demobook_extras.py.
NOTES = {
    6: [
        (None, {
            "en": "The clock on the plate is 170 points spread evenly over a sphere, each set a golden angle round "
                  "from the last; about one in ten was left out as already flown, which leaves the c. 150 seeds of "
                  "its label.",
            "de": "Die Pusteblume auf der Tafel besteht aus 170 gleichm\u00e4\u00dfig \u00fcber eine Kugel verteilten "
                  "Punkten, jeder um einen goldenen Winkel gegen den vorigen gedreht; etwa jeder zehnte fehlt, als "
                  "schon davongeflogen, so bleiben die ungef\u00e4hr 150 Samen der Beschriftung.",
            "fr": fr("La chandelle de la planche est faite de 170 points r\u00e9partis r\u00e9guli\u00e8rement sur une "
                     "sph\u00e8re, chacun tourn\u00e9 d'un angle d'or par rapport au pr\u00e9c\u00e9dent ; environ un sur "
                     "dix a \u00e9t\u00e9 retir\u00e9, d\u00e9j\u00e0 envol\u00e9, ce qui laisse les quelque 150 graines de "
                     "la l\u00e9gende."),
        }),
        (("xywh", 1060, 1150, 380, 260), {
            "en": "A real pappus has about a hundred bristles and is mostly empty space. Air flowing through it forms "
                  "a ring vortex that floats just above the seed without touching it: a separated vortex ring, first "
                  "described in 2018 (Cummins and others, Nature), whose discoverers reckon the pappus up to four "
                  "times as efficient as an ordinary parachute design.",
            "de": "Ein echter Pappus hat etwa hundert Borsten und besteht gr\u00f6\u00dftenteils aus leerem Raum. Die "
                  "Luft, die hindurchstr\u00f6mt, bildet einen Wirbelring, der knapp \u00fcber dem Samen schwebt, ohne "
                  "ihn zu ber\u00fchren: einen abgel\u00f6sten Wirbelring, 2018 zuerst beschrieben (Cummins und andere, "
                  "Nature); seine Entdecker halten den Pappus f\u00fcr bis zu viermal so wirksam wie einen "
                  "gew\u00f6hnlichen Fallschirm.",
            "fr": fr("Un vrai pappus compte une centaine de soies et se compose surtout de vide. L'air qui le traverse "
                     "forme un anneau tourbillonnaire qui flotte juste au-dessus de la graine sans la toucher : un "
                     "anneau tourbillonnaire d\u00e9coll\u00e9, d\u00e9crit pour la premi\u00e8re fois en 2018 (Cummins et "
                     "al., Nature), qui rend le pappus jusqu'\u00e0 quatre fois plus efficace qu'un parachute "
                     "ordinaire, selon ses d\u00e9couvreurs."),
        }),
        (("point", 560, 970), {
            "en": "The receptacle, where the seeds sit. Its 70 dots are placed like the sunflower's florets on page 8: "
                  "each a golden angle round from the last, at a distance from the centre growing as the square root "
                  "of its number.",
            "de": "Der Bl\u00fctenboden, auf dem die Samen sitzen. Seine 70 Punkte sind angeordnet wie die Bl\u00fcten "
                  "der Sonnenblume auf Seite 8: jeder um einen goldenen Winkel gegen den vorigen gedreht, in einem "
                  "Abstand vom Mittelpunkt, der mit der Quadratwurzel seiner Nummer w\u00e4chst.",
            "fr": fr("Le r\u00e9ceptacle, o\u00f9 sont fix\u00e9es les graines. Ses 70 points sont plac\u00e9s comme les "
                     "fleurons du tournesol page 8 : chacun tourn\u00e9 d'un angle d'or par rapport au pr\u00e9c\u00e9dent, "
                     "\u00e0 une distance du centre qui cro\u00eet comme la racine carr\u00e9e de son num\u00e9ro."),
        }),
    ],
    7: [
        (("xywh", 140, 580, 420, 130), {
            "en": "Flemish bond: every course alternates stretchers (bricks laid along the wall) and headers (bricks "
                  "laid across it, showing their ends), and each header sits over the middle of a stretcher in the "
                  "course below. The headers tie the wall's two layers of brick together.",
            "de": "Fl\u00e4mischer Verband: In jeder Schicht wechseln L\u00e4ufer (l\u00e4ngs in der Mauer liegende "
                  "Ziegel) und Binder (quer liegende, die ihre Stirnseite zeigen), und jeder Binder sitzt \u00fcber der "
                  "Mitte eines L\u00e4ufers der Schicht darunter. Die Binder verbinden die beiden Ziegellagen der Mauer.",
            "fr": fr("Appareil flamand : chaque assise alterne panneresses (briques pos\u00e9es le long du mur) et "
                     "boutisses (briques pos\u00e9es en travers, qui montrent leur bout), et chaque boutisse est "
                     "centr\u00e9e sur une panneresse de l'assise inf\u00e9rieure. Les boutisses lient entre elles les "
                     "deux \u00e9paisseurs de briques du mur."),
        }),
    ],
    # Three notes on the whole page: one marker, counting 3.
    8: [
        (None, {
            "en": "The golden angle divides a full turn in the golden ratio: 360\u00b0 \u00d7 (1 \u2212 1/\u03c6) \u2248 "
                  "137.508\u00b0, with \u03c6 = (1 + \u221a5)/2. \u03c6 is the number worst approximated by fractions, "
                  "so no floret ever lines up exactly behind an earlier one.",
            "de": "Der goldene Winkel teilt den Vollkreis im goldenen Schnitt: 360\u00b0 \u00d7 (1 \u2212 1/\u03c6) "
                  "\u2248 137,508\u00b0, mit \u03c6 = (1 + \u221a5)/2. \u03c6 l\u00e4sst sich durch Br\u00fcche am "
                  "schlechtesten ann\u00e4hern, darum steht nie eine Bl\u00fcte genau hinter einer fr\u00fcheren.",
            "fr": fr("L'angle d'or partage le tour complet selon le nombre d'or : 360\u00b0 \u00d7 (1 \u2212 1/\u03c6) "
                     "\u2248 137,508\u00b0, avec \u03c6 = (1 + \u221a5)/2. \u03c6 est le nombre le plus mal approch\u00e9 "
                     "par des fractions : aucun fleuron ne s'aligne jamais exactement derri\u00e8re un pr\u00e9c\u00e9dent."),
        }),
        (None, {
            "en": "The plate follows H. Vogel's model of 1979: floret n sits at the angle n \u00d7 137.508\u00b0 and at "
                  "a distance from the centre proportional to \u221an, so every floret has the same share of the disc.",
            "de": "Die Tafel folgt dem Modell von H. Vogel aus dem Jahr 1979: Bl\u00fcte n sitzt beim Winkel "
                  "n \u00d7 137,508\u00b0 und in einem Abstand vom Mittelpunkt proportional zu \u221an, so dass jede "
                  "Bl\u00fcte den gleichen Anteil an der Scheibe hat.",
            "fr": fr("La planche suit le mod\u00e8le de H. Vogel (1979) : le fleuron n est plac\u00e9 \u00e0 l'angle "
                     "n \u00d7 137,508\u00b0 et \u00e0 une distance du centre proportionnelle \u00e0 \u221an, si bien que "
                     "chaque fleuron occupe la m\u00eame part du disque."),
        }),
        (None, {
            "en": "Floret 123 lies on both spirals traced on the plate: the blue one runs 21, 55, 89, 123, \u2026 in "
                  "steps of 34, the red one 13, 68, 123, \u2026 in steps of 55. Neighbours along a spiral differ by a "
                  "Fibonacci number.",
            "de": "Bl\u00fcte 123 liegt auf beiden Spiralen, die auf der Tafel nachgezogen sind: Die blaue l\u00e4uft "
                  "21, 55, 89, 123, \u2026 in Schritten von 34, die rote 13, 68, 123, \u2026 in Schritten von 55. "
                  "Nachbarn entlang einer Spirale unterscheiden sich um eine Fibonacci-Zahl.",
            "fr": fr("Le fleuron 123 se trouve sur les deux spirales trac\u00e9es sur la planche : la bleue passe par "
                     "21, 55, 89, 123, \u2026 de 34 en 34, la rouge par 13, 68, 123, \u2026 de 55 en 55. Deux voisins "
                     "le long d'une spirale diff\u00e8rent d'un nombre de Fibonacci."),
        }),
    ],
    13: [
        (None, {
            "en": "The loop path is a superellipse, |x/a|^n + |y/b|^n = 1 with n = 10/3: a curve between an ellipse "
                  "and a rectangle, the one Piet Hein made famous at Sergels torg in Stockholm (where n = 2.5). "
                  "Walked once round, it is about {loop} metres.",
            "de": "Der Rundweg ist eine Superellipse, |x/a|^n + |y/b|^n = 1 mit n = 10/3: eine Kurve zwischen "
                  "Ellipse und Rechteck, wie sie Piet Hein am Sergels torg in Stockholm ber\u00fchmt machte (dort ist "
                  "n = 2,5). Einmal herum sind es etwa {loop} Meter.",
            "fr": fr("L'all\u00e9e en boucle est une superellipse, |x/a|^n + |y/b|^n = 1 avec n = 10/3 : une courbe "
                     "entre l'ellipse et le rectangle, celle que Piet Hein a rendue c\u00e9l\u00e8bre \u00e0 Sergels torg, "
                     "\u00e0 Stockholm (o\u00f9 n = 2,5). Un tour complet fait environ {loop} m\u00e8tres."),
        }),
        (("xywh", 140, 300, 1320, 30), {
            "en": "The columns are lettered A to L but skip I, so that no grid letter can be read as the figure 1; "
                  "many survey grids leave I out for the same reason. The rows are numbered 1 to 13, and each square "
                  "is fifteen metres.",
            "de": "Die Spalten sind mit A bis L beschriftet, aber ohne I, damit kein Buchstabe f\u00fcr die Ziffer 1 "
                  "gehalten wird; viele Vermessungsgitter lassen das I aus demselben Grund weg. Die Zeilen sind von "
                  "1 bis 13 nummeriert, und jedes Feld misst f\u00fcnfzehn Meter.",
            "fr": fr("Les colonnes vont de A \u00e0 L mais sautent le I, pour qu'aucune lettre ne soit lue comme le "
                     "chiffre 1 ; beaucoup de quadrillages topographiques omettent le I pour la m\u00eame raison. Les "
                     "rang\u00e9es sont num\u00e9rot\u00e9es de 1 \u00e0 13, et chaque carr\u00e9 mesure quinze m\u00e8tres."),
        }),
        (("point", 1310, 480), {
            "en": "North is up. The compass card is ruled in single degrees and numbered every thirty in three "
                  "figures, 000 to 330, as a navigator's card is.",
            "de": "Norden ist oben. Die Kompassrose ist in einzelne Grad geteilt und alle drei\u00dfig Grad dreistellig "
                  "beziffert, 000 bis 330, wie die Rose eines Navigators.",
            "fr": fr("Le nord est en haut. La rose des vents est gradu\u00e9e degr\u00e9 par degr\u00e9 et chiffr\u00e9e tous "
                     "les trente degr\u00e9s sur trois chiffres, de 000 \u00e0 330, comme celle d'un navigateur."),
        }),
    ],
}

# The words drawn on the plates of the transcribed pages, top to bottom as a reader meets them (the labels
# of demobook_plates_b.py: plate_dandelion and plate_espalier).
PLATE_WORDS = {
    "D": ["clock of c. 150 seeds", "hollow scape", "achene (the fruit)", "beak", "pappus of feathered hairs",
          "leaves with backward teeth"],
    "E": ["vine eye", "arm tied along a wire, first tier", "trunk, c. 60 years"],
}

# The same pages in German and French: name, Latin line, introduction, plate words, caption, body.
TRANSLATIONS = {
    "D": {
        "de": {
            "name": "L\u00f6wenzahn", "latin": "Taraxacum officinale \u2014 die Pusteblume",
            "intro": "Eine L\u00f6wenzahnbl\u00fcte wird zu einer Pusteblume aus etwa hundertf\u00fcnfzig Samen, von "
                     "denen jeder an einem Schirmchen aus feinen Haaren h\u00e4ngt, dem Pappus.",
            "plate": ["Pusteblume aus etwa 150 Samen", "hohler Bl\u00fctenschaft", "Ach\u00e4ne (die Frucht)", "Schnabel",
                      "Pappus aus gefiederten Haaren", "Bl\u00e4tter mit r\u00fcckw\u00e4rts gerichteten Z\u00e4hnen"],
            "caption": "Tafel IV.  Ein Samenkopf, von dem schon einige Samen davontreiben, und die Teile eines "
                       "Samens.",
            "body": ["Kinder lesen die Stunde an der Zahl der Atemz\u00fcge ab, die es braucht, um den Kopf leer zu "
                     "pusten. Der Schirm ist besser, als er aussieht: Die Luft, die durch den Haarkranz str\u00f6mt, "
                     "bildet einen kleinen Wirbel, der \u00fcber ihm schwebt, und der Same sinkt so langsam, dass ihn "
                     "eine leichte Brise kilometerweit tragen kann.",
                     "Auf der Tafel hat jeder Same seinen eigenen Schnabel und seine Krone aus F\u00e4den; zoomen Sie "
                     "hinein, und Sie k\u00f6nnen sie z\u00e4hlen. Die davontreibenden Samen zeigen die Teile, die in der "
                     "Legende benannt sind."],
        },
        "fr": {
            "name": "Pissenlit", "latin": "Taraxacum officinale \u2014 la chandelle",
            "intro": "Une fleur de pissenlit devient une chandelle de quelque cent cinquante graines, chacune "
                     "suspendue \u00e0 un parachute de poils fins appel\u00e9 le pappus.",
            "plate": ["chandelle d'env. 150 graines", "hampe creuse", "ak\u00e8ne (le fruit)", "bec",
                      "pappus de poils plumeux", "feuilles aux dents tourn\u00e9es vers l'arri\u00e8re"],
            "caption": "Planche IV.  Une t\u00eate de graines dont quelques-unes s'envolent d\u00e9j\u00e0, et les parties "
                       "d'une graine.",
            "body": [fr("Les enfants lisent l'heure au nombre de souffles qu'il faut pour vider la t\u00eate. Le "
                        "parachute est meilleur qu'il n'en a l'air : l'air qui traverse la couronne de poils forme un "
                        "petit tourbillon qui flotte au-dessus, et la graine descend si lentement qu'une brise "
                        "l\u00e9g\u00e8re peut l'emporter sur des kilom\u00e8tres."),
                     fr("Sur la planche, chaque graine a son propre bec et sa couronne de filaments ; zoomez et vous "
                        "pourrez les compter. Les graines qui s'envolent montrent les parties nomm\u00e9es dans la "
                        "l\u00e9gende.")],
        },
    },
    "E": {
        "de": {
            "name": "Spalier", "latin": "Pyrus communis \u2014 eine Birne an der Mauer gezogen",
            "intro": "Ein Spalierbaum ist ein Baum, den man zu einem Diagramm \u00fcberredet hat. Seine Arme werden in "
                     "waagerechten Etagen an Dr\u00e4hten festgebunden, und die warme Mauer dahinter l\u00e4sst die "
                     "Fr\u00fcchte Wochen fr\u00fcher reifen.",
            "plate": ["Draht\u00f6se", "Arm an einem Draht festgebunden, erste Etage", "Stamm, etwa 60 Jahre"],
            "caption": "Tafel V.  Eine Birne in vier Etagen vor einer Mauer im fl\u00e4mischen Verband.",
            "body": ["Die Erziehung beginnt mit einer jungen Rute, die auf drei Knospen zur\u00fcckgeschnitten wird: "
                     "Eine w\u00e4chst als neuer Leittrieb nach oben, zwei werden zum ersten Draht hinuntergebogen. "
                     "Jeden Winter wird der Leittrieb am n\u00e4chsten Draht wieder gekappt, und das Muster steigt. Der "
                     "Sommerschnitt h\u00e4lt kurze Fruchtspie\u00dfe nahe an den Armen.",
                     "Die Mauer ist in jeder Schicht abwechselnd mit Bindern und L\u00e4ufern gemauert, und jeder Ziegel "
                     "ist einzeln schraffiert. Eine so erzogene Birne kann hundert Jahre lang tragen."],
        },
        "fr": {
            "name": "Espalier", "latin": "Pyrus communis \u2014 un poirier paliss\u00e9 contre un mur",
            "intro": "Un espalier est un arbre qu'on a persuad\u00e9 de devenir un diagramme. Ses bras sont attach\u00e9s "
                     "le long de fils en \u00e9tages horizontaux, et le mur chaud derri\u00e8re lui fait m\u00fbrir les "
                     "fruits des semaines plus t\u00f4t.",
            "plate": ["piton \u00e0 \u0153il", "bras attach\u00e9 le long d'un fil, premier \u00e9tage", "tronc, env. 60 ans"],
            "caption": "Planche V.  Un poirier \u00e0 quatre \u00e9tages contre un mur en appareil flamand.",
            "body": [fr("La formation commence par un scion rabattu \u00e0 trois yeux : l'un pousse vers le haut et "
                        "devient la nouvelle fl\u00e8che, deux sont courb\u00e9s jusqu'au premier fil. Chaque hiver, la "
                        "fl\u00e8che est de nouveau arr\u00eat\u00e9e au fil suivant, et le motif monte. La taille d'\u00e9t\u00e9 "
                        "garde de courts dards fruitiers pr\u00e8s des bras."),
                     "Le mur est mont\u00e9 en alternant boutisses et panneresses dans chaque assise, et chaque brique "
                     "est hachur\u00e9e s\u00e9par\u00e9ment. Un poirier conduit ainsi peut produire pendant cent ans."],
        },
    },
}

# Narration: each page's script, a sentence a caption, per language (espeak-ng voice, words).
NARRATION = {
    2: {
        "en": ("en-gb", [
            "A Paper Garden: an alphabet of plants and patterns, drawn by numbers.",
            "Every page of this book was drawn by a program, from lines, dots and type.",
            "Ten letters follow, from A for allium to J for Japanese gravel: each is a plant, and the rule that "
            "draws it.",
            "Spread two fingers to zoom in. The plates are finer than the screen.",
            "The blue markers are notes: tap one to read it.",
        ]),
        "de": ("de", [
            "Ein Papiergarten: ein Alphabet der Pflanzen und Muster, mit Zahlen gezeichnet.",
            "Jede Seite dieses Buches hat ein Programm gezeichnet, aus Linien, Punkten und Schrift.",
            "Es folgen zehn Buchstaben, von A wie Allium bis J wie japanischer Kies: jeder eine Pflanze, und die "
            "Regel, die sie zeichnet.",
            "Spreizen Sie zwei Finger, um zu vergr\u00f6\u00dfern. Die Tafeln sind feiner als der Bildschirm.",
            "Die blauen Marken sind Notizen: Tippen Sie eine an, um sie zu lesen.",
        ]),
        "fr": ("fr-fr", [
            fr("Un jardin de papier : un alphabet de plantes et de motifs, dessin\u00e9 par les nombres."),
            "Chaque page de ce livre a \u00e9t\u00e9 dessin\u00e9e par un programme, avec des traits, des points et des "
            "lettres.",
            fr("Dix lettres suivent, de A comme allium \u00e0 J comme gravier japonais : chacune est une plante, et "
               "la r\u00e8gle qui la dessine."),
            fr("\u00c9cartez deux doigts pour agrandir : les planches sont plus fines que l'\u00e9cran."),
            fr("Les marques bleues sont des notes : touchez-en une pour la lire."),
        ]),
    },
    13: {
        "en": ("en-gb", [
            "This is a map of the paper garden, surveyed by the program.",
            "Come in by the gate at the foot of the map, and walk north to the sundial at F 7, in the middle of "
            "the garden.",
            "The beds are lettered as in the book: the allium bed lies to the north-west, the ginkgo to the "
            "north-east of the sundial, and the dry garden to the south-east.",
            "Each grid square is fifteen metres. The pond is at B 13, and the compass rose at K 2.",
        ]),
    },
}

# ComicInfo.xml: the book's own description, and its contents (image index from 0, name).
TITLE = "A Paper Garden"
SUMMARY = ("An alphabet of plants and patterns, drawn by numbers: ten letter pages from Allium to Japanese gravel, "
           "each a plant and the rule that draws it, then a map of the garden. Recto's demonstration book, with "
           "notes on its pages, two pages in German and French, and two narrated pages.")
NOTES_LICENCE = ("Original work of the Recto project, released under the Apache License, Version 2.0 (Apache-2.0). "
                 "Drawn by Assets/generate_demo_book.py; notes, texts, narration and this file by "
                 "Assets/demobook_extras.py.")
YEAR = 2026
CREATOR = "The Recto project"
