import Book
import Geometry
import Reader

/// Turns the reader's frame description into the renderer's scene, shared by the window, `recto render`,
/// `recto bench` and the tests.
public struct SceneComposer {
    public var background: RGBA

    public init(background: RGBA) { self.background = background }

    public func scene(_ frame: ReaderFrame, textures: [Int: Texture]) -> FrameScene {
        var scene = FrameScene(background: background, view: frame.view,
                               pages: frame.pages.map { PageQuad(texture: textures[$0.page], rect: $0.rect) },
                               spineX: frame.spineX)
        scene.places = frame.places
        if let fade = frame.fade {
            scene.fading = fade.pages.map { PageQuad(texture: textures[$0.page], rect: $0.rect) }
            scene.fadingOpacity = fade.opacity
        }
        if let leaf = frame.leaf {
            let under = leaf.under.map { PageQuad(texture: textures[$0], rect: leaf.rect) }
            if leaf.cylinder.isRest {
                // Unturned: plain pages. Turned: its back lies flat on the facing side, mirrored about the spine.
                if leaf.progress < 0.5 {
                    scene.pages.append(PageQuad(texture: leaf.front.flatMap { textures[$0] }, rect: leaf.rect))
                } else if let under {
                    scene.pages.append(under)
                }
            } else {
                let opacity = min(1, max(0, leaf.opacity))
                let strength = 0.5 * min(1, leaf.cylinder.radius / 8) * (1 - leaf.progress * 0.6) * opacity
                scene.curl = CurlLayer(rect: leaf.rect, axisPoint: leaf.cylinder.axisPoint,
                                       axisNormal: leaf.cylinder.normal, radius: leaf.cylinder.radius,
                                       front: leaf.front.flatMap { textures[$0] },
                                       back: leaf.back.flatMap { textures[$0] },
                                       backIsSeparatePage: !leaf.backIsMirrored,
                                       beneath: under ?? PageQuad(texture: nil, rect: .zero),
                                       shadowStrength: strength, opacity: opacity)
            }
        }
        return scene
    }
}
