package dev.bluegreen.demo.render;

import io.fabric8.kubernetes.api.model.ObjectMeta;

/** Breaks the purity rule of {@code DemoArchitectureTest}, to prove it can fail. */
public final class UsesFabric8 {
    public ObjectMeta meta() {
        return new ObjectMeta();
    }
}
