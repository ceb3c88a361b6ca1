package dev.bluegreen.operator.it;

import dev.bluegreen.operator.internal.observe.ObservationReader;
import dev.bluegreen.operator.internal.spec.ChildLabels;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.TransitionStatus;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks the output of {@code kubectl bluegreen status} line by line against the parent, its
 * children and its events as the embedded API holds them.
 */
final class StatusCheck {
    private static final int EVENTS_SHOWN = 5;
    private static final int ATTEMPTS = 10;
    private static final Pattern DURATION = Pattern.compile("(\\d+)([dhms])");

    private final Harness h;
    private final KubectlPlugin kubectl;

    StatusCheck(Harness h, KubectlPlugin kubectl) {
        this.h = h;
        this.kubectl = kubectl;
    }

    /**
     * Runs {@code status NAME} and checks every line. The parent, children and events are read
     * before and after the run; when the controller changed any of them meanwhile the run is
     * repeated (at most {@value #ATTEMPTS} times), so that both sides describe the same moment.
     */
    KubectlPlugin.Result assertMatches(String name) {
        for (int attempt = 1; ; attempt++) {
            String world = versions(name);
            Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
            var status = kubectl.run("status", name);
            Instant after = Instant.now().plusSeconds(1).truncatedTo(ChronoUnit.SECONDS);
            if (world.equals(versions(name)) || attempt == ATTEMPTS) {
                assertThat(status.exit()).as("%s", status).isZero();
                FlinkBlueGreenDeployment parent = h.get(name);
                assertTimes(parent, status, before, after);
                Map<String, String> lines = new LinkedHashMap<>(status.fields());
                lines.replace("State", "checked");
                lines.replace("Deadline", "checked");
                assertThat(lines).as("%s", status).containsExactlyEntriesOf(expected(parent));
                assertThat(status.events()).isEqualTo(lastEvents(parent));
                return status;
            }
        }
    }

    /**
     * {@code State: STATE for 1m05s (since T)} and {@code Deadline: D (in 8m55s)}: the durations as
     * seen between the start and the end of the run.
     */
    private static void assertTimes(
            FlinkBlueGreenDeployment parent,
            KubectlPlugin.Result status,
            Instant before,
            Instant after) {
        TransitionStatus t = parent.getStatus().getTransition();
        Instant since = Instant.parse(t.getPhaseStartedAt());
        String state = status.field("State");
        assertThat(state)
                .matches(
                        parent.getStatus().getState()
                                + " for \\d+[smhd]\\S* \\(since \\Q"
                                + t.getPhaseStartedAt()
                                + "\\E\\)");
        long start = since.getEpochSecond();
        assertThat(seconds(state.split(" ")[2]))
                .isBetween(before.getEpochSecond() - start, after.getEpochSecond() - start);
        if (t.getDeadline() == null) {
            return;
        }
        String deadline = status.field("Deadline");
        assertThat(deadline).matches("\\Q" + t.getDeadline() + "\\E \\(in \\d+[smhd]\\S*\\)");
        long end = Instant.parse(t.getDeadline()).getEpochSecond();
        assertThat(seconds(deadline.split(" ")[2]))
                .isBetween(end - after.getEpochSecond(), end - before.getEpochSecond());
    }

    /** Every line, in order, as the plugin must print it (State and Deadline: see above). */
    private Map<String, String> expected(FlinkBlueGreenDeployment parent) {
        var s = parent.getStatus();
        TransitionStatus t = s.getTransition();
        String name = parent.getMetadata().getName();
        Map<String, String> lines = new LinkedHashMap<>();
        lines.put("Name", parent.getMetadata().getNamespace() + "/" + name);
        lines.put("Mode", s.getTransitionModeText());
        lines.put("State", "checked");
        if (t.getDeadline() != null) {
            lines.put("Deadline", "checked");
        }
        lines.put("Active", s.getActiveColor() + " (" + s.getActiveChild() + ")");
        Condition progressing = condition(parent, "Progressing");
        lines.put("Reason", text(progressing) + " (Progressing=" + progressing.getStatus() + ")");
        lines.put("Ready", line(condition(parent, "Ready")));
        lines.put("Degraded", line(condition(parent, "Degraded")));
        lines.put("Error", s.getError() == null ? "-" : s.getError());
        lines.put(
                "Paused",
                paused(parent)
                        ? "yes (bluegreen.dev/paused=true; kubectl bluegreen resume " + name + ")"
                        : "no");
        lines.put("Blue", child(name, "blue"));
        lines.put("Green", child(name, "green"));
        lines.put("Savepoint", savepoint(t));
        if (s.getAnalysis() != null) {
            run(lines, "Pre checks", s.getAnalysis().getPrePromotion());
            run(lines, "Post checks", s.getAnalysis().getPostPromotion());
        }
        return lines;
    }

    /** {@code Pre checks: PHASE: MESSAGE} for a stage that ran (its check lines are indented). */
    private static void run(Map<String, String> lines, String label, AnalysisRunStatus run) {
        if (run != null && run.getPhase() != null) {
            lines.put(label, run.getPhase() + ": " + run.getMessage());
        }
    }

    private static boolean paused(FlinkBlueGreenDeployment parent) {
        var annotations = parent.getMetadata().getAnnotations();
        return annotations != null && "true".equals(annotations.get(ObservationReader.PAUSED));
    }

    private static String savepoint(TransitionStatus t) {
        if (t.getSavepointPath() == null) {
            return "-";
        }
        return t.getSavepointPath()
                + " (snapshot "
                + t.getSavepointSnapshot()
                + ", from job "
                + t.getSavepointJobId()
                + ")";
    }

    /**
     * The line of {@code parent}'s child labelled {@code color}: found by its labels, as the plugin
     * does, since an adopted child keeps its own name.
     */
    private String child(String parent, String color) {
        var child = labelled(parent, color);
        if (child == null) {
            return "absent";
        }
        String name = child.getMetadata().getName();
        return name
                + (name.equals(adoptedChild(parent)) ? " (adopted)" : "")
                + ": lifecycle "
                + Fixtures.at(child, "status", "lifecycleState")
                + ", job "
                + Fixtures.at(child, "status", "jobStatus", "state")
                + " (job id "
                + Fixtures.at(child, "status", "jobStatus", "jobId")
                + "), generation "
                + child.getMetadata().getGeneration()
                + " observed "
                + Fixtures.at(child, "status", "observedGeneration");
    }

    /** The last events of the parent (by uid), oldest first, as {@code status} prints them. */
    private List<String> lastEvents(FlinkBlueGreenDeployment parent) {
        String uid = parent.getMetadata().getUid();
        var events =
                events().filter(e -> uid.equals(e.getInvolvedObject().getUid()))
                        .sorted(
                                Comparator.comparing(Event::getLastTimestamp)
                                        .thenComparing(e -> e.getMetadata().getName()))
                        .map(StatusCheck::event)
                        .toList();
        assertThat(events).as("events of %s", parent.getMetadata().getName()).isNotEmpty();
        return events.subList(Math.max(0, events.size() - EVENTS_SHOWN), events.size());
    }

    private static String event(Event e) {
        return String.format(
                        "%s  %-7s  %-20s  %s",
                        e.getLastTimestamp(), e.getType(), e.getReason(), e.getMessage())
                .strip();
    }

    private Stream<Event> events() {
        return h.client.v1().events().inNamespace(Harness.NS).list().getItems().stream();
    }

    /** The resource versions of the parent and its children, and the names of all events. */
    private String versions(String name) {
        return h.get(name).getMetadata().getResourceVersion()
                + Stream.of(labelled(name, "blue"), labelled(name, "green"))
                        .map(c -> c == null ? "-" : c.getMetadata().getResourceVersion())
                        .toList()
                + events().map(e -> e.getMetadata().getName()).sorted().toList();
    }

    private GenericKubernetesResource labelled(String parent, String color) {
        return h
                .client
                .genericKubernetesResources("flink.apache.org/v1beta1", "FlinkDeployment")
                .inNamespace(Harness.NS)
                .withLabel(ChildLabels.PARENT, parent)
                .list()
                .getItems()
                .stream()
                .filter(c -> color.equals(c.getMetadata().getLabels().get(ChildLabels.COLOR)))
                .findFirst()
                .orElse(null);
    }

    /** {@code status.adoptedChild}, read untyped (the status class need not know it). */
    private Object adoptedChild(String parent) {
        var untyped =
                h.client
                        .genericKubernetesResources(
                                FlinkBlueGreenDeployment.GROUP
                                        + "/"
                                        + FlinkBlueGreenDeployment.VERSION,
                                FlinkBlueGreenDeployment.KIND)
                        .inNamespace(Harness.NS)
                        .withName(parent)
                        .get();
        return untyped == null ? null : Fixtures.at(untyped, "status", "adoptedChild");
    }

    private static Condition condition(FlinkBlueGreenDeployment parent, String type) {
        return parent.getStatus().getConditions().stream()
                .filter(c -> c.getType().equals(type))
                .findFirst()
                .orElseThrow();
    }

    private static String line(Condition c) {
        return c.getStatus() + " " + text(c);
    }

    private static String text(Condition c) {
        return c.getReason() + ": " + c.getMessage();
    }

    /** Seconds of {@code 45s}, {@code 2m05s}, {@code 1h02m} (to the minute), {@code 2d03h}. */
    private static long seconds(String duration) {
        var m = DURATION.matcher(duration);
        long total = 0;
        while (m.find()) {
            long n = Long.parseLong(m.group(1));
            total +=
                    switch (m.group(2)) {
                        case "d" -> n * 86400;
                        case "h" -> n * 3600;
                        case "m" -> n * 60;
                        default -> n;
                    };
        }
        return total;
    }
}
