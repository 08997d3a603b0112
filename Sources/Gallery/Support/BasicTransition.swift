// OWNER: gallery helper. Core Animation's public transitions (fade, moveIn, push, reveal)
// built from basic animations on a snapshot layer, for screens that change contents.
import LayerKit

/// Plays a public transition type on `layer` whose contents just changed from `oldContents`:
/// a snapshot sublayer shows the old image and animates away (fade, push, reveal) while the
/// layer's own contents come in (push, moveIn). The snapshot removes itself at the end.
enum BasicTransition {
    static func run(_ type: String, fromRight: Bool, on layer: CALayer, oldContents: ImageRef?, duration: Double) {
        let w = layer.bounds.width * (fromRight ? 1 : -1)
        let snapshot = CALayer()
        snapshot.frame = layer.bounds
        snapshot.contents = oldContents
        snapshot.contentsGravity = layer.contentsGravity
        snapshot.backgroundColor = .black
        let incoming = CALayer()
        incoming.frame = layer.bounds
        incoming.contents = layer.contents
        incoming.contentsGravity = layer.contentsGravity
        incoming.backgroundColor = .black
        let mid = Point(layer.bounds.midX, layer.bounds.midY)
        func move(_ l: CALayer, from: Point, to: Point) {
            let a = CABasicAnimation(keyPath: "position")
            a.fromValue = .point(from)
            a.toValue = .point(to)
            a.duration = duration
            a.timingFunction = .easeInEaseOut
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            l.add(a, forKey: "transition")
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock {
            snapshot.removeFromSuperlayer()
            incoming.removeFromSuperlayer()
        }
        switch type {
        case "fade":
            layer.addSublayer(snapshot)
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = .number(1)
            a.toValue = .number(0)
            a.duration = duration
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            snapshot.add(a, forKey: "transition")
        case "reveal":
            layer.addSublayer(snapshot)
            move(snapshot, from: mid, to: Point(mid.x - w, mid.y))
        case "moveIn":
            layer.addSublayer(snapshot)
            layer.addSublayer(incoming)
            move(incoming, from: Point(mid.x + w, mid.y), to: mid)
        default: // push
            layer.addSublayer(snapshot)
            layer.addSublayer(incoming)
            move(snapshot, from: mid, to: Point(mid.x - w, mid.y))
            move(incoming, from: Point(mid.x + w, mid.y), to: mid)
        }
        CATransaction.commit()
    }
}
