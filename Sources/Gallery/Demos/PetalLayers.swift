// What the two petal demos (`PetalBasicDemo`, `PetalKeyframeDemo`) build alike, after the
// article they follow: the caption across the top of the window and a fresh petal layer,
// 10 × 20 points at (50, 150) showing the petal image, made anew for each run.
import LayerKit

enum PetalLayers {
    /// Sets `label` up as the white 14-point caption across the top of a `width`-point
    /// window and adds it to `root`.
    static func addCaption(_ label: CATextLayer, to root: CALayer, width: Double) {
        label.frame = Rect(10, 8, width - 20, 20)
        label.fontSize = 14
        label.foregroundColor = .white
        root.addSublayer(label)
    }

    /// A new petal in place of `old` (removed from its superlayer), turning about
    /// `anchorPoint` when given; the caller adds it.
    static func petal(replacing old: CALayer, anchorPoint: Point? = nil) -> CALayer {
        old.removeFromSuperlayer()
        let petal = CALayer()
        petal.bounds = Rect(0, 0, 10, 20)
        petal.position = Point(50, 150)
        if let anchorPoint { petal.anchorPoint = anchorPoint }
        petal.contents = GalleryAssets.image("petal")
        return petal
    }
}
