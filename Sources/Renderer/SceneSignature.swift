import Geometry
import Panels

/// What stays put between two frames of a page turn: if this is equal for two scenes, they differ only
/// inside their `dynamicBounds`.
public struct SceneSignature: Equatable {
    let pages: [PageKey]
    let details: [PageKey]
    let leaf: LeafKey?
    let view: Affine2
    let spineX: Double?
    let background: RGBA
    let scale: Double
    let hint: AttractHint?
    let overlay: OverlayPanel?
    let shelf: [PageKey]
    let home: Rect?
    let controls: ControlsPanel?
    let contents: ContentsPanel?
    let captions: CaptionPanel?
    let about: AboutPanel?
    /// Where the idle warning lies: its content changes damage only its box (`DamageTracker`).
    let idleWarningBox: Rect?

    struct PageKey: Hashable { let texture: UInt32; let rect: Rect }
    struct LeafKey: Hashable { let rect: Rect; let front: UInt32; let back: UInt32; let beneath: PageKey? }

    public init(_ scene: FrameScene) {
        func key(_ p: PageQuad) -> PageKey { PageKey(texture: p.texture?.id ?? 0, rect: p.rect) }
        pages = scene.pages.map(key)
        details = scene.details.map(key)
        leaf = scene.curl.map { LeafKey(rect: $0.rect, front: $0.front?.id ?? 0, back: $0.back?.id ?? 0,
                                         beneath: $0.beneath.map(key)) }
        view = scene.view
        spineX = scene.spineX
        background = scene.background
        scale = scene.scale
        hint = scene.panels.hint
        overlay = scene.panels.overlay
        shelf = scene.shelf.map(key)
        home = scene.home
        controls = scene.panels.controls
        contents = scene.panels.contents
        captions = scene.panels.captions
        about = scene.panels.about
        idleWarningBox = scene.panels.idleWarning?.box
    }
}
