import Book
import Testing
@testable import IIIF

/// What a manifest says about its book: the Cookbook's recipes for metadata, rights and providers, the 2.1
/// specification's example manifest, and hostile lists.
@Suite struct ManifestAboutTests {
    static func parse(_ json: String, languages: [String] = ["en"]) throws -> Manifest {
        try Manifest.parse(Array(json.utf8), from: ResourceURL("https://iiif.io/api/cookbook/recipe/manifest.json"),
                           languages: languages)
    }

    static func en(_ s: String) -> LocalizedText { LocalizedText(s, language: "en") }

    /// 0029: the manifest's metadata in order, with its labels; the canvases' metadata describe their pages and stay
    /// out.
    @Test func metadataAnywhere() throws {
        let about = try Self.parse(CookbookRecipes.metadataAnywhere).about
        #expect(about.entries == [
            .init(label: .given(Self.en("Creator")), value: Self.en("Glindoni, Henry Gillard, 1852-1913")),
            .init(label: .given(Self.en("Date")), value: Self.en("1800-1899")),
            .init(label: .given(Self.en("Physical Description")), value: Self.en("1 painting : oil on canvas ; canvas 152 x 244.4 cm")),
            .init(label: .given(Self.en("Reference")), value: Self.en("Wellcome Library no. 47369i")),
        ])
        #expect(about.requiredStatement == .init(label: .given(Self.en("Attribution")),
                                                 value: Self.en("Wellcome Collection. Attribution-NonCommercial 4.0 International (CC BY-NC 4.0)")))
        #expect(about.summary == nil && about.rights == nil && about.providers.isEmpty)
    }

    /// 0008: the rights URL, the summary's and the statement's HTML as text (a link's words kept, an image dropped).
    @Test func rights() throws {
        let about = try Self.parse(CookbookRecipes.rights).about
        #expect(about.rights == "http://creativecommons.org/licenses/by-sa/3.0/")
        #expect(about.summary == Self.en("Picture taken by the IIIF Technical Coordinator"))
        #expect(about.requiredStatement == .init(label: .given(Self.en("Attribution")),
                                                 value: Self.en("Glen Robson, IIIF Technical Coordinator. CC BY-SA 3.0")))
        #expect(about.entries.isEmpty)
    }

    /// 0007: a value in no language, HTML in single quotes.
    @Test func stringFormats() throws {
        let about = try Self.parse(CookbookRecipes.stringFormats).about
        #expect(about.entries == [.init(label: .given(Self.en("Author")), value: LocalizedText("Glen Robson"))])
    }

    /// 0234: the provider's name, homepage and logo; its summary as written.
    @Test func provider() throws {
        let about = try Self.parse(CookbookRecipes.provider).about
        #expect(about.providers == [BookAbout.Provider(
            label: Self.en("UCLA Library"), homepage: "https://digital.library.ucla.edu/",
            logo: "https://iiif.library.ucla.edu/iiif/2/UCLA-Library-Logo-double-line-2/full/max/0/default.png")])
        #expect(about.summary?.best(["en"])?.text.hasPrefix("Cover of playbill for \"Akiba gongen kaisen-banashi,\"") == true)
        #expect(about.summary?.best(["en"])?.text.hasSuffix("on front cover: producer Mominosuke Ichikawa's crest.") == true)
        #expect(about.requiredStatement == nil)
    }

    /// The Presentation 2.1 specification's example manifest (iiif.io/api/presentation/2.1/#manifest, CC BY 4.0),
    /// with one canvas: labels and values in its three shapes, the description, attribution, license and logo.
    @Test func presentationTwoSpecificationExample() throws {
        let json = #"""
        {
          "@context": "http://iiif.io/api/presentation/2/context.json",
          "@id": "http://example.org/iiif/book1/manifest",
          "@type": "sc:Manifest",
          "label": "Book 1",
          "metadata": [
            {"label": "Author", "value": "Anne Author"},
            {"label": "Published", "value": [
                {"@value": "Paris, circa 1400", "@language": "en"},
                {"@value": "Paris, environ 1400", "@language": "fr"}
              ]
            },
            {"label": "Notes", "value": ["Text of note 1", "Text of note 2"]},
            {"label": "Source",
             "value": "<span>From: <a href=\"http://example.org/db/1.html\">Some Collection</a></span>"}
          ],
          "description": "A longer description of this example book. It should give some real information.",
          "viewingDirection": "right-to-left",
          "viewingHint": "paged",
          "navDate": "1856-01-01T00:00:00Z",
          "license": "http://rightsstatements.org/vocab/NoC-NC/1.0/",
          "attribution": "Provided by Example Organization",
          "logo": {
            "@id": "http://example.org/logos/institution1.jpg",
            "service": {
                "@context": "http://iiif.io/api/image/2/context.json",
                "@id": "http://example.org/service/inst1",
                "profile": "http://iiif.io/api/image/2/level2.json"
            }
          },
          "sequences": [{"@type": "sc:Sequence", "canvases": [
            {"@id": "http://example.org/iiif/book1/canvas/p1", "@type": "sc:Canvas", "label": "p. 1",
             "height": 1000, "width": 750,
             "images": [{"@type": "oa:Annotation", "motivation": "sc:painting",
               "resource": {"@id": "http://example.org/iiif/book1/res/page1.jpg", "@type": "dctypes:Image"},
               "on": "http://example.org/iiif/book1/canvas/p1"}]}]}]
        }
        """#
        let about = try Self.parse(json).about
        #expect(about.entries == [
            .init(label: .given(LocalizedText("Author")), value: LocalizedText("Anne Author")),
            .init(label: .given(LocalizedText("Published")),
                  value: LocalizedText(entries: [("en", "Paris, circa 1400"), ("fr", "Paris, environ 1400")])),
            .init(label: .given(LocalizedText("Notes")), value: LocalizedText("Text of note 1; Text of note 2")),
            .init(label: .given(LocalizedText("Source")), value: LocalizedText("From: Some Collection")),
        ])
        #expect(about.entries[1].value.best(["fr"])?.text == "Paris, environ 1400")
        #expect(about.summary == LocalizedText("A longer description of this example book. It should give some real information."))
        #expect(about.requiredStatement == .init(label: .named(.attribution), value: LocalizedText("Provided by Example Organization")))
        #expect(about.rights == "http://rightsstatements.org/vocab/NoC-NC/1.0/")
        #expect(about.providers == [BookAbout.Provider(logo: "http://example.org/logos/institution1.jpg")])
    }

    /// A manifest with a huge metadata list, a value in thousands of languages, deep nesting and a logo that is no
    /// http URL: what is kept is bounded, the rest left out.
    @Test func hostileMetadataIsBounded() throws {
        let languages = (0..<200).map { #""l\#($0)": ["\#(String(repeating: "v", count: 3_000))"]"# }.joined(separator: ",")
        let entries = (0..<3).map { #"{"label": {"en": ["L\#($0)"]}, "value": {\#(languages)}}"# }
            + (0..<20_000).map { #"{"label": {"en": ["L\#($0)"]}, "value": {"en": ["v\#($0)"]}}"# }
        let deep = String(repeating: "[", count: 50) + "\"x\"" + String(repeating: "]", count: 50)
        let providers = (0..<1_000).map { _ in #"{"label": {"en": ["P"]}, "logo": [{"id": "javascript:alert(1)"}]}"# }
        let json = #"""
        {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "https://example.org/m", "type": "Manifest",
         "label": {"en": ["Hostile"]}, "metadata": [\#(entries.joined(separator: ","))],
         "summary": {"en": [\#(deep)]}, "provider": [\#(providers.joined(separator: ","))],
         "items": [\#(ManifestTests.canvas3(1, label: "p"))]}
        """#
        let about = try Self.parse(json).about
        #expect(about.entries.count == BookAbout.maxEntries)
        #expect(about.entries.prefix(3).allSatisfy { $0.value.entries.count == BookAbout.maxLanguages })
        #expect(about.entries.allSatisfy { $0.value.entries.allSatisfy { $0.text.count <= BookAbout.maxValueCharacters } })
        #expect(about.entries.last?.value == LocalizedText("v36", language: "en"))
        #expect(about.summary == nil, "a summary that is no text")
        #expect(about.providers == Array(repeating: BookAbout.Provider(label: Self.en("P")), count: BookAbout.maxProviders),
                "a logo that is no http, https or file URL is left out")
    }
}
