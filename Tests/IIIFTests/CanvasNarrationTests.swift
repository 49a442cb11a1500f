import Geometry
import Testing
@testable import IIIF

/// Narration in manifests: the Cookbook's accompanying-canvas recipe (an audio canvas shown by the picture of its
/// accompanying canvas), a page whose accompanying canvas is its reading in two languages, and the caption-file
/// recipe's WebVTT `supplementing` annotations.
@Suite struct CanvasNarrationTests {
    static let base = try! ResourceURL("https://example.org/iiif/mahler/manifest.json")

    /// Shaped like recipe 0014 (accompanying canvas) with the captions of recipe 0219.
    static let cookbook = Array(#"""
    {"@context": "http://iiif.io/api/presentation/3/context.json",
     "id": "https://example.org/iiif/mahler/manifest.json", "type": "Manifest",
     "label": {"en": ["Partial audio recording of Gustav Mahler's Symphony No. 3"]},
     "items": [{"id": "https://example.org/iiif/mahler/canvas/p1", "type": "Canvas",
       "label": {"en": ["Gustav Mahler, Symphony No. 3, CD 1"]}, "duration": 1985.024,
       "accompanyingCanvas": {"id": "https://example.org/iiif/mahler/canvas/accompanying", "type": "Canvas",
         "label": {"en": ["First page of score"]}, "height": 998, "width": 772,
         "items": [{"id": "https://example.org/iiif/mahler/canvas/accompanying/annotation/page", "type": "AnnotationPage",
           "items": [{"id": "https://example.org/iiif/mahler/canvas/accompanying/annotation/image", "type": "Annotation",
             "motivation": "painting",
             "body": {"id": "https://example.org/iiif/mahler/score/full/max/0/default.jpg", "type": "Image",
               "format": "image/jpeg", "height": 998, "width": 772},
             "target": "https://example.org/iiif/mahler/canvas/accompanying"}]}]},
       "items": [{"id": "https://example.org/iiif/mahler/canvas/page/p1", "type": "AnnotationPage",
         "items": [{"id": "https://example.org/iiif/mahler/annotation/segment1", "type": "Annotation", "motivation": "painting",
           "body": {"id": "https://example.org/audio/mahler/CD1/128Kbps.mp4", "type": "Sound", "duration": 1985.024, "format": "video/mp4"},
           "target": "https://example.org/iiif/mahler/canvas/p1"}]}],
       "annotations": [{"id": "https://example.org/iiif/mahler/canvas/page2", "type": "AnnotationPage",
         "items": [{"id": "https://example.org/iiif/mahler/annotation/captions", "type": "Annotation", "motivation": "supplementing",
           "body": {"id": "https://example.org/iiif/mahler/captions.vtt", "type": "Text", "format": "text/vtt",
             "label": {"en": ["Captions in WebVTT format"]}, "language": "en"},
           "target": "https://example.org/iiif/mahler/canvas/p1"}]}]}]}
    """#.utf8)

    @Test func theCookbooksAudioCanvasIsAPageOfItsAccompanyingPictureNarratedByItsSound() throws {
        let m = try Manifest.parse(Self.cookbook, from: Self.base)
        #expect(m.pages.count == 1)
        let page = m.pages[0]
        #expect(page.size == PixelSize(width: 772, height: 998))
        #expect(try page.image.get().url?.description == "https://example.org/iiif/mahler/score/full/max/0/default.jpg")
        let chosen = try #require(page.narration?.chosen(language: "de"))
        #expect(chosen.recording.url.description == "https://example.org/audio/mahler/CD1/128Kbps.mp4")
        #expect(chosen.captions?.url.description == "https://example.org/iiif/mahler/captions.vtt")
        #expect(chosen.captions?.language == "en", "the only captions, whatever the language")
    }

    /// A page (an image) whose accompanying canvas is its reading, a `Choice` in English and German, with captions
    /// for each on the accompanying canvas; and a text annotation that is not WebVTT, left out.
    static func readPage(audio: String = "https://example.org/audio") -> [UInt8] {
        Array(#"""
        {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "https://example.org/iiif/mahler/manifest.json",
         "type": "Manifest", "label": {"en": ["Book of hours"]},
         "items": [{"id": "https://example.org/iiif/mahler/canvas/f1r", "type": "Canvas", "width": 2000, "height": 3000,
           "items": [{"id": "https://example.org/p/1", "type": "AnnotationPage", "items": [{"id": "https://example.org/a/1",
             "type": "Annotation", "motivation": "painting", "target": "https://example.org/iiif/mahler/canvas/f1r",
             "body": {"id": "https://example.org/img/f1r.jpg", "type": "Image", "format": "image/jpeg"}}]}],
           "accompanyingCanvas": {"id": "https://example.org/iiif/mahler/canvas/f1r/reading", "type": "Canvas", "duration": 42,
             "items": [{"id": "https://example.org/p/2", "type": "AnnotationPage", "items": [{"id": "https://example.org/a/2",
               "type": "Annotation", "motivation": "painting", "target": "https://example.org/iiif/mahler/canvas/f1r/reading",
               "body": {"type": "Choice", "items": [
                 {"id": "\#(audio)/f1r.en.ogg", "type": "Sound", "format": "audio/ogg", "language": "en"},
                 {"id": "\#(audio)/f1r.de.ogg", "type": "Sound", "format": "audio/ogg", "language": ["de"]}]}}]}],
             "annotations": [{"id": "https://example.org/p/3", "type": "AnnotationPage", "items": [
               {"id": "https://example.org/a/3", "type": "Annotation", "motivation": "supplementing",
                "body": {"id": "https://example.org/vtt/f1r.de.vtt", "type": "Text", "format": "text/vtt", "language": "de"}},
               {"id": "https://example.org/a/4", "type": "Annotation", "motivation": "supplementing",
                "body": {"id": "https://example.org/vtt/f1r.en.vtt", "type": "Text", "format": "text/vtt", "language": "en"}},
               {"id": "https://example.org/a/5", "type": "Annotation", "motivation": "supplementing",
                "body": {"id": "https://example.org/vtt/f1r.txt", "type": "Text", "format": "text/plain", "language": "en"}}]}]}}]}
        """#.utf8)
    }

    @Test func aPagesReadingInTheVisitorsLanguageWithItsCaptions() throws {
        let m = try Manifest.parse(Self.readPage(), from: Self.base)
        let narration = try #require(m.pages[0].narration)
        #expect(narration.captions.count == 2, "the plain-text annotation is no captions")
        let german = try #require(narration.chosen(language: "de-AT"))
        #expect(german.recording.url.description == "https://example.org/audio/f1r.de.ogg")
        #expect(german.captions?.url.description == "https://example.org/vtt/f1r.de.vtt")
        let english = try #require(narration.chosen(language: "en"))
        #expect(english.captions?.url.description == "https://example.org/vtt/f1r.en.vtt")
        // A language it lacks: the first recording, with its own captions.
        let other = try #require(narration.chosen(language: "fr"))
        #expect(other.recording.language == "en" && other.captions?.language == "en")
        #expect(try m.pages[0].image.get().url?.description == "https://example.org/img/f1r.jpg")
    }

    @Test func aRemoteManifestNamesNoLocalFile() throws {
        let m = try Manifest.parse(Self.readPage(audio: "file:///etc"), from: Self.base)
        #expect(m.pages[0].narration == nil)
    }
}
