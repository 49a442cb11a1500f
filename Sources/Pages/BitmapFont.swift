/// A 5×7 ASCII bitmap font (printable characters 32...126), drawn for Recto's placeholder pages.
///
/// Each glyph is seven rows, top first; in each row bit 4 (0x10) is the leftmost of five columns. Stored as
/// 14 hex digits per glyph so the whole table stays one screenful. Characters outside the table render as '?'.
enum BitmapFont {
    static let glyphWidth = 5
    static let glyphHeight = 7

    /// Rows of `character`'s glyph (seven values, low five bits used).
    static func rows(_ character: Character) -> [UInt8] {
        let scalar = ascii(character)
        return glyphs[Int(scalar.value) - 32]
    }

    /// The ASCII stand-in for `character`: itself when printable ASCII, a look-alike for a few common symbols
    /// that appear in messages (×, dashes, curly quotes), else '?'.
    static func ascii(_ character: Character) -> Unicode.Scalar {
        guard let s = character.unicodeScalars.first else { return "?" }
        if s.value >= 32 && s.value <= 126 { return s }
        switch s {
        case "×": return "x"
        case "–", "—", "−": return "-"
        case "‘", "’": return "'"
        case "“", "”": return "\""
        case "…": return "."
        default: return "?"
        }
    }

    private static let glyphs: [[UInt8]] = table.map { hex in
        let digits = Array(hex.utf8)
        return (0..<7).map { i in UInt8(nibble(digits[2 * i]) << 4 | nibble(digits[2 * i + 1])) }
    }

    private static func nibble(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : c - 55 }

    private static let table: [String] = [
        "00000000000000", "04040404040004", "0A0A0000000000", "0A0A1F0A1F0A0A",  // space ! " #
        "040F140E051E04", "18190204081303", "0C12140815120D", "04040000000000",  // $ % & '
        "02040808080402", "08040202020408", "0004150E150400", "0004041F040400",  // ( ) * +
        "000000000C0408", "0000001F000000", "00000000000C0C", "00010204081000",  // , - . /
        "0E11131519110E", "040C040404040E", "0E11010204081F", "1F02040201110E",  // 0 1 2 3
        "02060A121F0202", "1F101E0101110E", "0608101E11110E", "1F010204080808",  // 4 5 6 7
        "0E11110E11110E", "0E11110F01020C", "000C0C000C0C00", "000C0C000C0408",  // 8 9 : ;
        "02040810080402", "00001F001F0000", "08040201020408", "0E110102040004",  // < = > ?
        "0E11010D15150E", "0E1111111F1111", "1E11111E11111E", "0E11101010110E",  // @ A B C
        "1C12111111121C", "1F10101E10101F", "1F10101E101010", "0E11101711110F",  // D E F G
        "1111111F111111", "0E04040404040E", "0702020202120C", "11121418141211",  // H I J K
        "1010101010101F", "111B1515111111", "11111915131111", "0E11111111110E",  // L M N O
        "1E11111E101010", "0E11111115120D", "1E11111E141211", "0F10100E01011E",  // P Q R S
        "1F040404040404", "1111111111110E", "11111111110A04", "1111111515150A",  // T U V W
        "11110A040A1111", "1111110A040404", "1F01020408101F", "0E08080808080E",  // X Y Z [
        "00100804020100", "0E02020202020E", "040A1100000000", "0000000000001F",  // \ ] ^ _
        "08040000000000", "00000E010F110F", "1010161911111E", "00000E1010110E",  // ` a b c
        "01010D1311110F", "00000E111F100E", "0609081C080808", "000F11110F010E",  // d e f g
        "10101619111111", "04000C0404040E", "0200060202120C", "10101214181412",  // h i j k
        "0C04040404040E", "00001A15151111", "00001619111111", "00000E1111110E",  // l m n o
        "00001E111E1010", "00000D130F0101", "00001619101010", "00000E100E011E",  // p q r s
        "08081C08080906", "0000111111130D", "00001111110A04", "0000111115150A",  // t u v w
        "0000110A040A11", "000011110F010E", "00001F0204081F", "02040408040402",  // x y z {
        "04040404040404", "08040402040408", "00000815020000",  // | } ~
    ]
}
