/// What a document's Info dictionary says of it, for the About panel: each nil where it says nothing. Texts are
/// as the helper sent them, at most 2,000 bytes each.
public struct PDFDocumentInfo: Sendable, Equatable {
    public var author: String?
    public var subject: String?
    public var keywords: String?
    /// The program that made the original document (a word processor, a layout program).
    public var creator: String?
    /// The program that made the PDF.
    public var producer: String?
    /// The day of its CreationDate where it was written: "2019-03-04".
    public var created: String?

    public init(author: String? = nil, subject: String? = nil, keywords: String? = nil, creator: String? = nil,
                producer: String? = nil, created: String? = nil) {
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.producer = producer
        self.created = created
    }
}
