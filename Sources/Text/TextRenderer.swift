import CPangoFT2
import Decoding
import Geometry
import Glibc
import Synchronization

/// Shapes text with Pango (HarfBuzz for shaping, fribidi for direction, fontconfig for fallback across
/// scripts) and draws it with FreeType's greyscale rasteriser into RGBA8 images the renderer can upload. Not
/// through Cairo: recto links no library of the PDF helper's stack (poppler, cairo).
///
/// Pango is opened with the first text measured or drawn (CPangoFT2's shim), not at start. Where it cannot be,
/// text measures 1×1 and is drawn as nothing, `onUnavailable` is told why (once), and pages read as before.
///
/// One is made by the program at its start and handed to what draws text (the renderer, the placeholders, the
/// shelf's titles). Thread safety: its calls share its one Pango font map (not Pango's per-thread default, which
/// would pile up a font map and its glyph caches in every thread that ever draws) and run one at a time behind a
/// lock. Any thread may call; text is drawn rarely (placeholders, hints), so the lock costs nothing.
public final class TextRenderer: Sendable {
    private enum State: @unchecked Sendable { case unopened, open(FontMap), unavailable }
    private let state = Mutex(State.unopened)
    private let onUnavailable: @Sendable (String) -> Void

    public init(onUnavailable: @escaping @Sendable (String) -> Void = { _ in }) {
        self.onUnavailable = onUnavailable
    }

    /// The font map, opened with the first use; nil where Pango cannot be opened (said once).
    private func withFontMap<T>(_ body: (FontMap?) -> T) -> T {
        state.withLock { state in
            if case .unopened = state {
                if let map = FontMap() { state = .open(map) } else {
                    state = .unavailable
                    onUnavailable(String(cString: recto_pango_failure()))
                }
            }
            if case .open(let map) = state { return body(map) }
            return body(nil)
        }
    }

    /// The pixel size of `text` set in `style`: the union of its ink and its line boxes, at least 1×1.
    public func measure(_ text: String, style: TextStyle) -> PixelSize {
        withFontMap { map in
            guard let map else { return PixelSize(width: 1, height: 1) }
            return Self.withLayout(text, style: style, map: map) { _, box in PixelSize(width: box.width, height: box.height) }
        }
    }

    /// `text` set in `style`, in an image exactly `measure(text, style:)` big: straight alpha on a transparent
    /// ground, or opaque on `background` when one is given (identical to compositing onto that colour).
    public func render(_ text: String, style: TextStyle, background: TextColour? = nil) -> RGBAImage {
        withFontMap { map in
            guard let map else { return Self.blank(background) }
            return Self.withLayout(text, style: style, map: map) { layout, box in
                Self.draw(layout, box: box, style: style, background: background, api: map.api)
            }
        }
    }

    /// How many characters of `text` no installed font has a glyph for (drawn as boxes); 0 when every script
    /// in it is covered.
    public func unknownGlyphs(_ text: String, style: TextStyle) -> Int {
        withFontMap { map in
            guard let map else { return text.count }
            return Self.withLayout(text, style: style, map: map) { layout, _ in
                Int(map.api.pango_layout_get_unknown_glyphs_count(layout))
            }
        }
    }

    fileprivate final class FontMap: @unchecked Sendable {
        let api: recto_pango_api
        let pointer: OpaquePointer
        init?() {
            guard let api = recto_pango()?.pointee, let map = api.pango_ft2_font_map_new() else { return nil }
            self.api = api
            pointer = map
        }
    }

    private static func blank(_ background: TextColour?) -> RGBAImage {
        let b = background
        return RGBAImage(width: 1, height: 1, pixels: b.map { [$0.r, $0.g, $0.b, 255] } ?? [0, 0, 0, 0])
    }

    private struct Box { var x: Int, y: Int, width: Int, height: Int }

    private static func withLayout<T>(_ text: String, style: TextStyle, map: FontMap,
                                      _ body: (OpaquePointer, Box) -> T) -> T {
        let api = map.api
        // FreeType's greyscale antialiasing (no subpixel colour fringes: the image becomes a texture that may be
        // scaled or curled).
        let context = api.pango_font_map_create_context(map.pointer)!
        defer { api.g_object_unref(UnsafeMutableRawPointer(context)) }

        let layout = api.pango_layout_new(context)!
        defer { api.g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = api.pango_font_description_new()
        defer { api.pango_font_description_free(description) }
        api.pango_font_description_set_family(description, style.family)
        api.pango_font_description_set_absolute_size(description, style.size * Double(RECTO_PANGO_SCALE))
        api.pango_font_description_set_weight(description, style.bold ? RECTO_PANGO_WEIGHT_BOLD : RECTO_PANGO_WEIGHT_NORMAL)
        api.pango_layout_set_font_description(layout, description)
        if let width = style.maxWidth {
            api.pango_layout_set_width(layout, Int32(clamping: width * Int(RECTO_PANGO_SCALE)))
            api.pango_layout_set_wrap(layout, RECTO_PANGO_WRAP_WORD_CHAR)
            if let lines = style.lineLimit {
                api.pango_layout_set_height(layout, -Int32(clamping: lines))
                api.pango_layout_set_ellipsize(layout, RECTO_PANGO_ELLIPSIZE_END)
            }
        }
        switch style.alignment {
        case .leading: api.pango_layout_set_alignment(layout, RECTO_PANGO_ALIGN_LEFT)
        case .center: api.pango_layout_set_alignment(layout, RECTO_PANGO_ALIGN_CENTER)
        case .trailing: api.pango_layout_set_alignment(layout, RECTO_PANGO_ALIGN_RIGHT)
        }
        // Markup that does not parse (it never should: `PageNote.Body.markup` is written so) is set as plain text.
        if style.markup, api.pango_parse_markup(text, -1, 0, nil, nil, nil, nil) != 0 {
            api.pango_layout_set_markup(layout, text, -1)
        } else {
            api.pango_layout_set_text(layout, text, -1)
        }

        var ink = PangoRectangle(), logical = PangoRectangle()
        api.pango_layout_get_pixel_extents(layout, &ink, &logical)
        var x0 = logical.x, y0 = logical.y, x1 = logical.x + logical.width, y1 = logical.y + logical.height
        if ink.width > 0 && ink.height > 0 {
            x0 = min(x0, ink.x); y0 = min(y0, ink.y)
            x1 = max(x1, ink.x + ink.width); y1 = max(y1, ink.y + ink.height)
        }
        let box = Box(x: Int(x0), y: Int(y0), width: max(1, Int(x1 - x0)), height: max(1, Int(y1 - y0)))
        return body(layout, box)
    }

    private static func draw(_ layout: OpaquePointer, box: Box, style: TextStyle, background: TextColour?,
                             api: recto_pango_api) -> RGBAImage {
        // Coverage, one byte a pixel, from FreeType; then the colour over the background (or straight alpha).
        var coverage = [UInt8](repeating: 0, count: box.width * box.height)
        coverage.withUnsafeMutableBufferPointer { buffer in
            var bitmap = FT_Bitmap()
            bitmap.rows = UInt32(box.height)
            bitmap.width = UInt32(box.width)
            bitmap.pitch = Int32(box.width)
            bitmap.buffer = buffer.baseAddress
            bitmap.num_grays = 256
            bitmap.pixel_mode = RECTO_FT_PIXEL_MODE_GRAY
            api.pango_ft2_render_layout(&bitmap, layout, Int32(-box.x), Int32(-box.y))
        }
        let c = style.colour
        let count = box.width * box.height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            for (k, cover) in coverage.enumerated() {
                let a = Int(cover) * Int(c.a) / 255
                let i = k * 4
                if let b = background {
                    out[i] = blend(c.r, over: b.r, a); out[i + 1] = blend(c.g, over: b.g, a)
                    out[i + 2] = blend(c.b, over: b.b, a); out[i + 3] = 255
                } else {
                    out[i] = c.r; out[i + 1] = c.g; out[i + 2] = c.b; out[i + 3] = UInt8(a)
                }
            }
            initialized = count
        }
        return RGBAImage(width: box.width, height: box.height, pixels: pixels)
    }

    private static func blend(_ ink: UInt8, over paper: UInt8, _ alpha: Int) -> UInt8 {
        UInt8((Int(ink) * alpha + Int(paper) * (255 - alpha) + 127) / 255)
    }
}
