// The emitter demo: snow falling from a line emitter across the top of the window, and a
// burst of confetti from every click — a point emitter whose cell emits for a fifth of a
// second, its pieces flung in every direction, spinning, falling and fading, each tinted by
// the cell's colour ranges. Everything is computed from the time and the seed, so the same
// instant always shows the same flakes.
import LayerKit
import Player

/// CAEmitterLayer snow with confetti bursts on click (Space bursts in the centre).
public final class EmitterConfettiDemo: Demo {
    public static let name = "confetti"
    public static let title = "Emitter snow and confetti"

    public let snow = CAEmitterLayer()
    /// The confetti emitters of the bursts still in the air.
    public private(set) var bursts: [CAEmitterLayer] = []
    var root: CALayer?
    var size = Size(0, 0)
    static let burstDuration = 0.2
    static let confettiLifetime = 3.0
    static let maximumBursts = 16

    /// A soft white flake and a white confetti piece (the cells' colours tint them).
    static let flake: ImageRef = {
        let b = Bitmap(width: 12, height: 12)
        Canvas(b).fill(.ellipse(in: Rect(1, 1, 10, 10)), color: .white)
        return ImageRef(b)
    }()
    static let piece: ImageRef = {
        let b = Bitmap(width: 7, height: 12)
        b.clear(.white)
        return ImageRef(b)
    }()

    public init() {}

    public func build(root: CALayer, size: Size) {
        self.root = root
        self.size = size
        root.backgroundColor = Color(0.1, 0.14, 0.24)
        snow.frame = Rect(0, 0, size.width, size.height)
        snow.emitterShape = .line
        snow.emitterPosition = Point(size.width / 2, -10)
        snow.emitterSize = Size(size.width * 1.2, 0)
        snow.seed = 2024
        // The emitter's clock starts now (particles are a function of its local time), and one
        // flake's lifetime in, so it is already snowing at the first frame.
        snow.beginTime = root.convertTime(CACurrentMediaTime(), from: nil)
        snow.timeOffset = 14
        let flake = CAEmitterCell()
        flake.name = "flake"
        flake.contents = Self.flake
        flake.birthRate = size.width / 20
        flake.lifetime = 14
        flake.velocity = 45
        flake.velocityRange = 30
        flake.emissionLongitude = .pi / 2
        flake.emissionRange = 0.5
        flake.xAcceleration = 3
        flake.scale = 0.6
        flake.scaleRange = 0.6
        flake.alphaRange = 0.5
        flake.color = Color(1, 1, 1, 0.75)
        snow.emitterCells = [flake]
        root.addSublayer(snow)
    }

    /// A confetti burst at `point`: a new point emitter whose cell emits from now for
    /// `burstDuration` seconds.
    public func burst(at point: Point) {
        guard let root else { return }
        let now = root.convertTime(CACurrentMediaTime(), from: nil)
        // Bursts whose last piece has faded leave; the oldest leaves when there are too many.
        bursts.removeAll { b in
            let gone = (b.emitterCells?.first.map { $0.beginTime + $0.duration + Self.confettiLifetime } ?? 0) < now
            if gone { b.removeFromSuperlayer() }
            return gone
        }
        if bursts.count >= Self.maximumBursts { bursts.removeFirst().removeFromSuperlayer() }
        let e = CAEmitterLayer()
        e.frame = Rect(0, 0, size.width, size.height)
        e.emitterPosition = point
        e.emitterShape = .circle
        e.emitterSize = Size(6, 6)
        e.renderMode = .oldestLast
        e.seed = UInt32(truncatingIfNeeded: bursts.count &* 7919 &+ Int(point.x) &* 31 &+ Int(point.y))
        root.addSublayer(e)
        let cell = CAEmitterCell()
        cell.name = "confetti"
        cell.contents = Self.piece
        cell.beginTime = e.convertTime(CACurrentMediaTime(), from: nil)
        cell.duration = Self.burstDuration
        cell.birthRate = 600
        cell.lifetime = Self.confettiLifetime
        cell.lifetimeRange = 1
        cell.velocity = 260
        cell.velocityRange = 180
        cell.emissionRange = 2 * .pi
        cell.yAcceleration = 260
        cell.spin = 4
        cell.spinRange = 10
        cell.scaleRange = 0.5
        cell.color = Color(0.9, 0.5, 0.5)
        cell.redRange = 0.4
        cell.greenRange = 0.9
        cell.blueRange = 0.9
        cell.alphaSpeed = -0.3
        e.emitterCells = [cell]
        bursts.append(e)
    }

    public func click(at point: Point) -> Bool { burst(at: point); return true }

    public func key(_ name: String) -> Bool {
        guard name == "Space" else { return false }
        burst(at: Point(size.width / 2, size.height / 2))
        return true
    }

    public func startForTile() { burst(at: Point(size.width / 2, size.height * 0.45)) }
}
