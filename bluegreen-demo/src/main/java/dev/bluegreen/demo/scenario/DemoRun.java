package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.summary.AdoptedJob;
import dev.bluegreen.demo.summary.AuditCounts;
import dev.bluegreen.demo.timeline.TimelineEvent;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of a completed demo run.
 *
 * @param events the timeline, in recording order
 * @param end when the run ended (after the last job stopped), since the start
 * @param counts the audit of the combined output of both jobs
 * @param output where the jobs wrote: a directory, or a topic and its broker
 * @param adopted the adopted job's ids before and after its adoption (adopt runs only)
 */
public record DemoRun(
        List<TimelineEvent> events,
        Duration end,
        AuditCounts counts,
        String output,
        Optional<AdoptedJob> adopted) {
    /** Copies the list. */
    public DemoRun {
        events = List.copyOf(events);
    }
}
