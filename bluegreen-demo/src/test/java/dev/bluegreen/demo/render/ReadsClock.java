package dev.bluegreen.demo.render;

/** Breaks the clock rule of {@code DemoArchitectureTest}, to prove it can fail. */
public final class ReadsClock {
    public long read() {
        return System.nanoTime();
    }
}
