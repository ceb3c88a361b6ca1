package dev.bluegreen.demo.timeline;

import java.time.Duration;

/**
 * One thing the demo saw happen, stamped with the time since the demo started. Each kind has a
 * {@link #source() source} (the column of the live timeline) and a {@link #text() text}; {@link
 * #key()} and {@link #value()} let {@link Timeline} drop repeats (a line only on change).
 */
public sealed interface TimelineEvent
        permits AnalysisMeasured,
                ChildAdopted,
                ChildDeleted,
                ChildJob,
                ControllerState,
                DemoStep,
                KubeEvent,
                SnapshotState,
                TrafficSwitch {

    /** Time since the demo started. */
    Duration at();

    /** What the line is about, e.g. {@code controller}, {@code blue}, {@code traffic}. */
    String source();

    /** The line's text, without time and source. */
    String text();

    /** The thing whose repeated values are dropped, e.g. {@code child:orders-blue}. */
    String key();

    /** The value compared with the previous one of the same {@link #key()}; the text by default. */
    default String value() {
        return text();
    }
}
