import Book

/// What a manifest says about its book, for the About panel (`BookAbout`): its `metadata` with the manifest's own
/// labels in every language given, its summary, required statement, rights and providers. Only the manifest's
/// own: canvases' metadata describe their pages.
struct ManifestAbout {
    let labels: LanguageChooser
    /// The manifest's URL, which relative logo and homepage ids resolve against.
    let base: ResourceURL

    /// Presentation 3.0.
    func three(_ json: JSONValue) -> BookAbout {
        var about = BookAbout()
        metadata(json["metadata"], into: &about)
        about.setSummary(labels.localized(json["summary"]))
        if let statement = json["requiredStatement"] {
            about.setRequiredStatement(labels.localized(statement["label"]).map { .given($0) } ?? .named(.attribution),
                                       labels.localized(statement["value"]))
        }
        about.rights = rights(json["rights"])
        for agent in (json["provider"]?.list ?? []).prefix(BookAbout.maxProviders) {
            about.append(BookAbout.Provider(label: labels.localized(agent["label"]),
                                            homepage: url(agent["homepage"]?.list.first?["id"]),
                                            logo: url(agent["logo"]?.list.first?["id"])))
        }
        return about
    }

    /// Presentation 2.1: `description` is the summary, `attribution` the required statement (it has no label),
    /// `license` the rights, and a `logo` a provider with nothing but its logo.
    func two(_ json: JSONValue) -> BookAbout {
        var about = BookAbout()
        metadata(json["metadata"], into: &about)
        about.setSummary(labels.localized(json["description"]))
        about.setRequiredStatement(.named(.attribution), labels.localized(json["attribution"]))
        about.rights = rights(json["license"])
        if let logo = json["logo"]?.list.first, let id = url(logo["@id"] ?? logo) {
            about.append(BookAbout.Provider(logo: id))
        }
        return about
    }

    /// The entries of `metadata`, label and value in every language; a hostile list of a million is read no
    /// further than a few times what is kept.
    private func metadata(_ list: JSONValue?, into about: inout BookAbout) {
        for item in (list?.list ?? []).prefix(BookAbout.maxEntries * 4) {
            guard let label = labels.localized(item["label"]), let value = labels.localized(item["value"]) else { continue }
            about.append(.given(label), value)
        }
    }

    /// The first rights URL, as written (shown, never fetched).
    private func rights(_ value: JSONValue?) -> String? {
        guard let text = value?.list.first?.string?.trimmingSpaces, !text.isEmpty else { return nil }
        return String(text.prefix(BookAbout.maxValueCharacters))
    }

    /// An http, https or file URL, resolved against the manifest's: a logo is fetched, so nothing else is kept.
    private func url(_ value: JSONValue?) -> String? {
        guard let text = value?.string, text.utf8.count <= BookAbout.maxValueCharacters else { return nil }
        return (try? ResourceURL(text, relativeTo: base))?.description
    }
}
