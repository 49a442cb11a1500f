/// Manifests of the IIIF Cookbook (https://iiif.io/api/cookbook/, github.com/IIIF/cookbook-recipes, commit 31efeca),
/// as published, for what a book says about itself. The Cookbook is the IIIF Consortium's, under CC BY 4.0.
enum CookbookRecipes {
    /// recipe/0029-metadata-anywhere/manifest.json, with the site's `{{ id.url }}` and `{{ id.path }}` filled in.
    static let metadataAnywhere = #"""
        {
          "@context": "http://iiif.io/api/presentation/3/context.json",
          "id": "https://iiif.io/api/cookbook/recipe/0029-metadata-anywhere/manifest.json",
          "type": "Manifest",
          "label": {
            "en": [
              "John Dee performing an experiment before Queen Elizabeth I."
            ]
          },
          "metadata": [
            {
              "label": { "en": [ "Creator" ] },
              "value": { "en": [ "Glindoni, Henry Gillard, 1852-1913" ] }
            },
            {
              "label": { "en": [ "Date" ] },
              "value": { "en": [ "1800-1899" ] }
            },
            {
              "label": { "en": [ "Physical Description" ] },
              "value": { "en": [ "1 painting : oil on canvas ; canvas 152 x 244.4 cm" ] }
            },
            {
              "label": { "en": [ "Reference" ] },
              "value": { "en": [ "Wellcome Library no. 47369i" ] }
            }
          ],
          "requiredStatement": {
            "label": { "en": [ "Attribution" ] },
            "value": { "en": [ "Wellcome Collection. Attribution-NonCommercial 4.0 International (CC BY-NC 4.0)" ] }
          },

          "items": [
            {
              "id": "https://iiif.io/api/cookbook/recipe/0029-metadata-anywhere/canvas/p1",
              "type": "Canvas",
              "label":  { "en": [ "Painting under natural light" ] },
              "height": 1271,
              "width": 2000,
              "metadata": [
                {
                  "label": { "en": [ "Description" ] },
                  "value": { "en": [ "The scene is the house at Mortlake of Dr John Dee (1527-1608). At the court of Queen Elizabeth I, Dee was revered for the range of his scientific knowledge, which embraced the fields of mathematics, navigation, geography, alchemy/chemistry, medicine and optics. In the painting he is showing the effect of combining two elements, either to cause combustion or to extinguish it. Behind him is his assistant Edward Kelly, wearing a long skullcap to conceal the fact that his ears had been cropped as a punishment for forgery." ] }
                }
              ],
              "items": [
                {
                  "id": "https://iiif.io/api/cookbook/recipe/0029-metadata-anywhere/page/p1/1",
                  "type": "AnnotationPage",
                  "items": [
                    {
                      "id": "https://iiif.io/api/cookbook/recipe/0029-metadata-anywhere/annotation/p0001-image",
                      "type": "Annotation",
                      "motivation": "painting",
                      "body": {
                        "id": "https://iiif.io/api/image/3.0/example/reference/421e65be2ce95439b3ad6ef1f2ab87a9-dee-natural/full/max/0/default.jpg",
                        "type": "Image",
                        "format": "image/jpeg",
                        "height": 1271,
                        "width": 2000,
                        "service": [
                                            {
                                            "id": "https://iiif.io/api/image/3.0/example/reference/421e65be2ce95439b3ad6ef1f2ab87a9-dee-natural",
                                            "profile": "level1",
                                            "type": "ImageService3"
                                            }
                                        ]
                      },
                      "target": "https://iiif.io/api/cookbook/recipe/0029-metadata-anywhere/canvas/p1"
                    }
                  ]
                }
              ]
            },
            {
              "id": "https://iiif.io/api/cookbook/recipe/0029-metadata-anywhere/canvas/p2",
              "type": "Canvas",
              "label":  { "en": [ "X-ray view of painting" ] },
              "height": 1271,
              "width": 2000,
              "metadata": [
                {
                  "label": { "en": [ "Description" ] },
                  "value": { "en": [ "The painting originally showed Dee standing in a circle of skulls on the floor, stretching from the floor area in front of the Queen (on the left) to the floor near Edward Kelly (on the right). The skulls were at an early stage painted over, but have since become visible. Another pentimento is visible in the tapestry on the right: shelves containing monstrous animals are visible behind it. The pentimenti were clarified when the painting was X-rayed in 2015." ] }
                }
              ],
              "items": [
                {
                  "id": "https://iiif.io/api/cookbook/recipe/0029-metadata-anywhere/page/p2/1",
                  "type": "AnnotationPage",
                  "items": [
                    {
                      "id": "https://iiif.io/api/cookbook/recipe/0029-metadata-anywhere/annotation/p0002-image",
                      "type": "Annotation",
                      "motivation": "painting",
                      "body": {
                        "id": "https://iiif.io/api/image/3.0/example/reference/421e65be2ce95439b3ad6ef1f2ab87a9-dee-xray/full/max/0/default.jpg",
                        "type": "Image",
                        "format": "image/jpeg",
                        "height": 1271,
                        "width": 2000,
                        "service": [
                                            {
                                            "id": "https://iiif.io/api/image/3.0/example/reference/421e65be2ce95439b3ad6ef1f2ab87a9-dee-xray",
                                            "profile": "level1",
                                            "type": "ImageService3"
                                            }
                                        ]
                      },
                      "target": "https://iiif.io/api/cookbook/recipe/0029-metadata-anywhere/canvas/p2"
                    }
                  ]
                }
              ]
            }
          ]
        }
        """#

    /// recipe/0008-rights/manifest.json, with the site's `{{ id.url }}` and `{{ id.path }}` filled in.
    static let rights = #"""
        {
            "@context": "http://iiif.io/api/presentation/3/context.json",
            "id": "https://iiif.io/api/cookbook/recipe/0008-rights/manifest.json",
            "type": "Manifest",
            "label": { "en": [ "Picture of Göttingen taken during the 2019 IIIF Conference" ] },
            "summary": { "en": [ "<p>Picture taken by the <a href=\"https://github.com/glenrobson\">IIIF Technical Coordinator</a></p>" ] },
            "rights": "http://creativecommons.org/licenses/by-sa/3.0/",
            "requiredStatement": {
              "label": { "en": [ "Attribution" ] },
              "value": { "en": [ "<span>Glen Robson, IIIF Technical Coordinator. <a href=\"https://creativecommons.org/licenses/by-sa/3.0\">CC BY-SA 3.0</a> <a href=\"https://creativecommons.org/licenses/by-sa/3.0\" title=\"CC BY-SA 3.0\"><img src=\"https://licensebuttons.net/l/by-sa/3.0/88x31.png\"/></a></span>" ] }
            },
            "items": [
              {
                "id": "https://iiif.io/api/cookbook/recipe/0008-rights/canvas/p1",
                "type": "Canvas",
                "height": 3024,
                "width": 4032,
                "items": [
                  {
                    "id": "https://iiif.io/api/cookbook/recipe/0008-rights/page/p1/1",
                    "type": "AnnotationPage",
                    "items": [
                      {
                        "id": "https://iiif.io/api/cookbook/recipe/0008-rights/annotation/p0001-image",
                        "type": "Annotation",
                        "motivation": "painting",
                        "body": {
                          "id": "https://iiif.io/api/image/3.0/example/reference/918ecd18c2592080851777620de9bcb5-gottingen/full/max/0/default.jpg",
                          "type": "Image",
                          "format": "image/jpeg",
                          "height": 3024,
                          "width": 4032,
                          "service": [
                            {
                            "id": "https://iiif.io/api/image/3.0/example/reference/918ecd18c2592080851777620de9bcb5-gottingen",
                            "profile": "level1",
                            "type": "ImageService3"
                            }
                          ]
                        },
                        "target": "https://iiif.io/api/cookbook/recipe/0008-rights/canvas/p1"
                      }
                    ]
                  }
                ]
              }
            ]
        }
        """#

    /// recipe/0234-provider/manifest.json, with the site's `{{ id.url }}` and `{{ id.path }}` filled in.
    static let provider = #"""
        {
          "@context": "http://iiif.io/api/presentation/3/context.json",
          "id": "https://iiif.io/api/cookbook/recipe/0234-provider/manifest.json",
          "type": "Manifest",
          "label": {
            "en": [
              "Playbill Cover"
            ]
          },
          "summary": {
            "en": [
              "Cover of playbill for \"Akiba gongen kaisen-banashi,\" \"Futatsu chōchō kuruwa nikki\" and \"Godairiki koi no fūjime\" performed at the Chikugo Theater in Osaka from the fifth month of Kaei 2 (May, 1849); main actors: Gadō Kataoka II, Ebizō Ichikawa VI, Kitō Sawamura II, Daigorō Mimasu IV, and Karoku Nakamura I; on front cover: producer Mominosuke Ichikawa's crest."
            ]
          },
          "provider": [
            {
              "id": "https://id.loc.gov/authorities/n79055331",
              "type": "Agent",
              "label": {
                "en": [
                  "UCLA Library"
                ]
              },
              "homepage": [
                {
                  "id": "https://digital.library.ucla.edu/",
                  "type": "Text",
                  "label": {
                    "en": [
                      "UCLA Library Digital Collections"
                    ]
                  },
                  "format": "text/html",
                  "language": [
                    "en"
                  ]
                }
              ],
              "logo": [
                {
                  "id": "https://iiif.library.ucla.edu/iiif/2/UCLA-Library-Logo-double-line-2/full/max/0/default.png",
                  "type": "Image",
                  "service": [
                    {
                      "id": "https://iiif.library.ucla.edu/iiif/2/UCLA-Library-Logo-double-line-2",
                      "type": "ImageService3",
                      "profile": "level2",
                      "width": 1200,
                      "height": 502,
                      "sizes": [
                        {
                          "width": 300,
                          "height": 126
                        },
                        {
                          "width": 600,
                          "height": 251
                        },
                        {
                          "width": 1200,
                          "height": 502
                        }
                      ]
                    }
                  ]
                }
              ],
              "seeAlso": [
                {
                  "id": "https://id.loc.gov/authorities/names/n79055331.madsxml.xml",
                  "type": "Dataset",
                  "label": {
                    "en": [
                      "US Library of Congress data about the UCLA Library"
                    ]
                  },
                  "format": "application/xml",
                  "profile": "http://www.loc.gov/mads/v2"
                }
              ]
            }
          ],
          "items": [
            {
              "id": "https://iiif.io/api/cookbook/recipe/0234-provider/canvas/p0",
              "type": "Canvas",
              "label": {
                "en": [
                  "front cover with color bar"
                ]
              },
              "width": 4520,
              "height": 5312,
              "items": [
                {
                  "id": "https://iiif.io/api/cookbook/recipe/0234-provider/page/p0/1",
                  "type": "AnnotationPage",
                  "items": [
                    {
                      "id": "https://iiif.io/api/cookbook/recipe/0234-provider/annotation/p0000-image",
                      "type": "Annotation",
                      "motivation": "painting",
                      "body": {
                        "id": "https://iiif.io/api/image/3.0/example/reference/4f92cceb12dd53b52433425ce44308c7-ucla_bib1987273_no001_rs_001_full/full/max/0/default.jpg",
                        "type": "Image",
                        "format": "image/jpeg",
                        "width": 4520,
                        "height": 5312,
                        "service": [
                          {
                            "id": "https://iiif.io/api/image/3.0/example/reference/4f92cceb12dd53b52433425ce44308c7-ucla_bib1987273_no001_rs_001_full",
                            "type": "ImageService3",
                            "profile": "level1"
                          }
                        ]
                      },
                      "target": "https://iiif.io/api/cookbook/recipe/0234-provider/canvas/p0"
                    }
                  ]
                }
              ]
            }
          ]
        }
        """#

    /// recipe/0007-string-formats/manifest.json, with the site's `{{ id.url }}` and `{{ id.path }}` filled in.
    static let stringFormats = #"""
        {
            "@context": "http://iiif.io/api/presentation/3/context.json",
            "id": "https://iiif.io/api/cookbook/recipe/0007-string-formats/manifest.json",
            "type": "Manifest",
            "label": { "en": [ "Picture of Göttingen taken during the 2019 IIIF Conference" ] },
            "summary": { "en": [ "<p>Picture taken by the <a href=\"https://github.com/glenrobson\">IIIF Technical Coordinator</a></p>" ] },
            "metadata": [
              {
                "label": { "en": [ "Author" ] },
                "value": { "none": [ "<span><a href='https://github.com/glenrobson'>Glen Robson</a></span>" ] }
              }
            ],
            "rights": "http://creativecommons.org/licenses/by-sa/3.0/",
            "requiredStatement": {
              "label": { "en": [ "Attribution" ] },
              "value": { "en": [ "<span>Glen Robson, IIIF Technical Coordinator. <a href=\"https://creativecommons.org/licenses/by-sa/3.0\">CC BY-SA 3.0</a> <img src=\"https://licensebuttons.net/l/by-sa/3.0/88x31.png\"/></span>" ] }
            },
            "items": [
              {
                "id": "https://iiif.io/api/cookbook/recipe/0007-string-formats/canvas/p1",
                "type": "Canvas",
                "height": 3024,
                "width": 4032,
                "items": [
                  {
                    "id": "https://iiif.io/api/cookbook/recipe/0007-string-formats/page/p1/1",
                    "type": "AnnotationPage",
                    "items": [
                      {
                        "id": "https://iiif.io/api/cookbook/recipe/0007-string-formats/annotation/p0001-image",
                        "type": "Annotation",
                        "motivation": "painting",
                        "body": {
                          "id": "https://iiif.io/api/image/3.0/example/reference/918ecd18c2592080851777620de9bcb5-gottingen/full/max/0/default.jpg",
                          "type": "Image",
                          "format": "image/jpeg",
                          "height": 3024,
                          "width": 4032,
                          "service": [
                            {
                            "id": "https://iiif.io/api/image/3.0/example/reference/918ecd18c2592080851777620de9bcb5-gottingen",
                            "profile": "level1",
                            "type": "ImageService3"
                            }
                          ]
                        },
                        "target": "https://iiif.io/api/cookbook/recipe/0007-string-formats/canvas/p1"
                      }
                    ]
                  }
                ]
              }
            ]
        }
        """#
}
