import CPangoCairo
import Decoding
import Synchronization

/// Shapes text with Pango (HarfBuzz for shaping, fribidi for direction, fontconfig for fallback across
/// scripts) and draws it with Cairo into RGBA8 images the renderer can upload.
///
/// Thread safety: all calls share one Pango font map made for this module (not Pango's per-thread default,
/// which would pile up a font map and its glyph caches in every thread that ever draws) and run one at a time
/// behind a lock. Any thread may call; text is drawn rarely (placeholders, hints), so the lock costs nothing.
public enum TextRenderer {
    /// The pixel size of `text` set in `style`: the union of its ink and its line boxes, at least 1×1.
    public static func measure(_ text: String, style: TextStyle) -> PixelSize {
        fontMap.withLock { map in
            withLayout(text, style: style, map: map.pointer) { _, box in PixelSize(width: box.width, height: box.height) }
        }
    }

    /// `text` set in `style`, in an image exactly `measure(text, style:)` big: straight alpha on a transparent
    /// ground, or opaque on `background` when one is given (identical to compositing onto that colour).
    public static func render(_ text: String, style: TextStyle, background: TextColour? = nil) -> RGBAImage {
        fontMap.withLock { map in
            withLayout(text, style: style, map: map.pointer) { layout, box in
                draw(layout, box: box, style: style, background: background)
            }
        }
    }

    /// How many characters of `text` no installed font has a glyph for (drawn as boxes); 0 when every script
    /// in it is covered.
    public static func unknownGlyphs(_ text: String, style: TextStyle) -> Int {
        fontMap.withLock { map in
            withLayout(text, style: style, map: map.pointer) { layout, _ in
                Int(pango_layout_get_unknown_glyphs_count(layout))
            }
        }
    }

    private final class FontMap: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<PangoFontMap>
        init() { pointer = pango_cairo_font_map_new() }
    }

    private static let fontMap = Mutex(FontMap())

    private struct Box { var x: Int, y: Int, width: Int, height: Int }

    private static func withLayout<T>(_ text: String, style: TextStyle, map: UnsafeMutablePointer<PangoFontMap>,
                                      _ body: (OpaquePointer, Box) -> T) -> T {
        let context = pango_font_map_create_context(map)!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        // Greyscale antialiasing: the image becomes a texture that may be scaled or curled, where subpixel
        // (LCD) colour fringes would show.
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        pango_cairo_context_set_font_options(context, options)

        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, style.family)
        pango_font_description_set_absolute_size(description, style.size * Double(RECTO_PANGO_SCALE))
        pango_font_description_set_weight(description, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, description)
        if let width = style.maxWidth {
            pango_layout_set_width(layout, Int32(clamping: width * Int(RECTO_PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if let lines = style.lineLimit {
                pango_layout_set_height(layout, -Int32(clamping: lines))
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
        }
        switch style.alignment {
        case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pango_layout_set_text(layout, text, -1)

        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        var x0 = logical.x, y0 = logical.y, x1 = logical.x + logical.width, y1 = logical.y + logical.height
        if ink.width > 0 && ink.height > 0 {
            x0 = min(x0, ink.x); y0 = min(y0, ink.y)
            x1 = max(x1, ink.x + ink.width); y1 = max(y1, ink.y + ink.height)
        }
        let box = Box(x: Int(x0), y: Int(y0), width: max(1, Int(x1 - x0)), height: max(1, Int(y1 - y0)))
        return body(layout, box)
    }

    private static func draw(_ layout: OpaquePointer, box: Box, style: TextStyle, background: TextColour?) -> RGBAImage {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(box.width), Int32(box.height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        if let background {
            cairo_set_source_rgb(cr, unit(background.r), unit(background.g), unit(background.b))
            cairo_paint(cr)
        }
        let c = style.colour
        cairo_set_source_rgba(cr, unit(c.r), unit(c.g), unit(c.b), unit(c.a))
        cairo_move_to(cr, Double(-box.x), Double(-box.y))
        pango_cairo_update_layout(cr, layout)
        pango_cairo_show_layout(cr, layout)
        cairo_destroy(cr)
        cairo_surface_flush(surface)

        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let count = box.width * box.height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            for y in 0..<box.height {
                let row = UnsafeRawPointer(data + y * stride)
                for x in 0..<box.width {
                    // Cairo's ARGB32 is a native-endian 32-bit word, premultiplied.
                    let word = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    let a = UInt32(word >> 24)
                    let i = (y * box.width + x) * 4
                    out[i] = straight(word >> 16, a)
                    out[i + 1] = straight(word >> 8, a)
                    out[i + 2] = straight(word, a)
                    out[i + 3] = UInt8(a)
                }
            }
            initialized = count
        }
        return RGBAImage(width: box.width, height: box.height, pixels: pixels)
    }

    private static func unit(_ v: UInt8) -> Double { Double(v) / 255 }

    private static func straight(_ premultiplied: UInt32, _ alpha: UInt32) -> UInt8 {
        guard alpha > 0 else { return 0 }
        return UInt8(min(255, ((premultiplied & 0xff) * 255 + alpha / 2) / alpha))
    }
}
