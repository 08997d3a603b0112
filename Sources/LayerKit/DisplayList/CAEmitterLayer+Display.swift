// What an emitter layer paints: its particles at the instant it shows, as one sprite batch —
// each particle its cell's image centred on the particle, scaled, turned by its spin and
// multiplied by its colour — composited over the layer's background, or added to it in the
// additive render mode. The item's bounds are the particles' extent (each image's circle,
// grown by the half texel its edge fades over), so damage follows them.

extension CAEmitterLayer: LayerContentDisplay {
    func appendContentItems(to sink: DisplayItemSink) {
        let particles = shownParticles(for: sink.builder)
        guard !particles.isEmpty else { return }
        var images: [Bitmap] = []
        var sprites: [Sprite] = []
        sprites.reserveCapacity(particles.count)
        var extent = Rect.null
        for p in particles {
            guard let image = p.cell.particleImage() else { continue }
            let index: Int
            if let i = images.firstIndex(where: { $0 === image }) { index = i } else { index = images.count; images.append(image) }
            let w = Double(image.width), h = Double(image.height)
            let m = AffineTransform.translation(-w / 2, -h / 2).concatenating(.scale(p.scale, p.scale))
                .concatenating(.rotation(p.angle)).concatenating(.translation(p.x, p.y)).concatenating(sink.transform)
            sprites.append(Sprite(image: index, transform: m, color: p.color.withAlphaScaled(sink.opacity)))
            let r = 0.5 * p.scale * ((w + 1) * (w + 1) + (h + 1) * (h + 1)).squareRoot()
            extent = extent.union(Rect(p.x - r, p.y - r, 2 * r, 2 * r))
        }
        guard !sprites.isEmpty, extent.isFiniteRect else { return }
        // In the contents slot after the layer's own contents image and its parts (indices
        // below 32), so an emitter with contents keeps one key per item.
        sink.append(.contents, .sprites(SpriteBatch(images: images, sprites: sprites, additive: renderMode == .additive)),
                    local: extent, index: 32)
    }

    /// Particles may overlap: at opacity below 1 an emitter that can emit composites as a group.
    var contentPrimitiveCount: Int { canEmit ? 2 : 0 }

    var hasClippableContent: Bool { canEmit }

    func contentLocalExtent(_ builder: DisplayListBuilder) -> Rect {
        var extent = Rect.null
        for p in shownParticles(for: builder) {
            guard let image = p.cell.particleImage() else { continue }
            let w = Double(image.width), h = Double(image.height)
            let r = 0.5 * p.scale * ((w + 1) * (w + 1) + (h + 1) * (h + 1)).squareRoot()
            extent = extent.union(Rect(p.x - r, p.y - r, 2 * r, 2 * r))
        }
        return extent.isFiniteRect ? extent : .null
    }
}
