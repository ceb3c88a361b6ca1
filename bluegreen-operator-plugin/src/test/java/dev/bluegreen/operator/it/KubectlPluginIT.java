package dev.bluegreen.operator.it;

import dev.bluegreen.operator.internal.observe.ObservationReader;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The kubectl plugin ({@code bin/kubectl-bluegreen}) run through the real kubectl against the
 * embedded API with the controller and the fake Flink operator running: commands that hold, promote
 * and abort a real transition, {@code status} read field by field against the parent, and the
 * errors of commands that mean nothing.
 */
class KubectlPluginIT {
    static final String SOAK = "kubernetes.operator.bluegreen.readiness.soak";

    KubectlStack stack;
    Harness h;
    KubectlPlugin kubectl;
    StatusCheck statusCheck;
    @TempDir Path dir;

    @BeforeEach
    void start() throws IOException {
        stack = new KubectlStack(dir);
        h = stack.h;
        kubectl = stack.kubectl;
        statusCheck = new StatusCheck(h, kubectl);
    }

    @AfterEach
    void stop() {
        stack.close();
    }

    /** Deploys orders (blue), then changes its image with a one-hour soak: a held transition. */
    void soakingTransition() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.option("orders", SOAK, "1 h");
        h.editTemplate("orders", t -> t.put("image", "v2"));
        await().atMost(Harness.WAIT)
                .until(() -> "Soaking".equals(h.condition("orders", "Progressing")));
    }

    @Test
    void pauseHoldsATransitionAndPromoteFinishesIt() {
        soakingTransition();

        var paused = kubectl.run("pause", "orders");

        assertThat(paused.exit()).as("%s", paused).isZero();
        assertThat(paused.out())
                .isEqualTo(
                        "orders: paused in TRANSITIONING_TO_GREEN: the controller takes no step"
                                + " forward and no deadline action until you resume (kubectl"
                                + " bluegreen resume orders); abort still works\n");
        await().atMost(Harness.WAIT)
                .until(() -> "Paused".equals(h.condition("orders", "Progressing")));
        statusCheck.assertMatches("orders");

        var promoted = kubectl.run("promote", "orders");

        assertThat(promoted.exit()).as("%s", promoted).isZero();
        assertThat(promoted.out())
                .startsWith(
                        "orders: promote requested (pause lifted): the controller switches traffic"
                                + " to green as soon as it is stable and running");
        h.awaitState("orders", "ACTIVE_GREEN");
        var annotations = h.get("orders").getMetadata().getAnnotations();
        assertThat(annotations.get(ObservationReader.PAUSED)).isNull();
        assertThat(h.get("orders").getStatus().getTransition().getHandledPromote())
                .isEqualTo(annotations.get(ObservationReader.PROMOTE));
        statusCheck.assertMatches("orders");
    }

    @Test
    void abortRetiresGreenAndRetryRollsTheSpecOutAgain() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.fake.holdJobs();
        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "TRANSITIONING_TO_GREEN");

        var aborted = kubectl.run("abort", "orders");

        assertThat(aborted.exit()).as("%s", aborted).isZero();
        assertThat(aborted.out())
                .isEqualTo(
                        "orders: abort requested (TRANSITIONING_TO_GREEN): the controller retires"
                                + " green; blue keeps serving its last stable spec; the aborted"
                                + " spec is not retried by itself (retry it with kubectl bluegreen"
                                + " retry orders)\n");
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.get("orders").getStatus().getTransition().getHandledAbort())
                .isEqualTo(
                        h.get("orders")
                                .getMetadata()
                                .getAnnotations()
                                .get(ObservationReader.ABORT));
        await().atMost(Harness.WAIT)
                .until(() -> "FailedSpecNotRetried".equals(h.condition("orders", "Progressing")));
        var status = statusCheck.assertMatches("orders");
        assertThat(status.events()).anyMatch(e -> e.contains("Warning  UpgradeAborted"));
        assertFails(
                kubectl.run("abort", "orders"),
                "orders: nothing to abort in ACTIVE_BLUE: no change in flight");

        var retried = kubectl.run("retry", "orders");

        assertThat(retried.exit()).as("%s", retried).isZero();
        assertThat(retried.out())
                .isEqualTo(
                        "orders: retry requested (ACTIVE_BLUE): the controller rolls out the spec"
                                + " that failed again, as for a new change\n");
        h.awaitState("orders", "TRANSITIONING_TO_GREEN");
    }

    @Test
    void aWrongNameOrACommandThatMeansNothingFailsWithOneLineAndWritesNothing() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        var before = h.get("orders").getMetadata().getAnnotations();
        String steady =
                h.get("orders").getStatus().getConditions().stream()
                        .filter(c -> c.getType().equals("Progressing"))
                        .map(c -> c.getReason() + ": " + c.getMessage())
                        .findFirst()
                        .orElseThrow();

        assertFails(
                kubectl.run("promote", "nosuch"),
                "nosuch: no FlinkBlueGreenDeployment of that name in namespace default");
        assertFails(
                kubectl.run("status", "-n", "other", "orders"),
                "orders: no FlinkBlueGreenDeployment of that name in namespace other");
        assertFails(
                kubectl.run("promote", "orders"),
                "orders: nothing to promote in ACTIVE_BLUE: no transition in flight");
        assertFails(
                kubectl.run("abort", "orders", "--namespace=default"),
                "orders: nothing to abort in ACTIVE_BLUE: no change in flight");
        assertFails(
                kubectl.run("retry", "orders"),
                "orders: nothing to retry in ACTIVE_BLUE: the last rollout did not fail ("
                        + steady
                        + ")");
        assertFails(kubectl.run("resume", "orders"), "orders: not paused (ACTIVE_BLUE)");
        assertThat(h.get("orders").getMetadata().getAnnotations()).isEqualTo(before);
        assertThat(kubectl.run("--context", "nosuch", "status", "orders").exit()).isEqualTo(1);
        assertThat(kubectl.run("--context", "embedded", "-n", "default", "status", "orders").exit())
                .isZero();

        var unknown = kubectl.run("frobnicate", "orders");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err())
                .isEqualTo(
                        "kubectl-bluegreen: unknown command frobnicate (see kubectl bluegreen"
                                + " help)\n");
        assertThat(kubectl.run("promote").exit()).isEqualTo(2);
    }

    @Test
    void pauseAtRestHoldsTheNextChangeAfterItsFirstStep() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));

        var paused = kubectl.run("pause", "orders");

        assertThat(paused.out())
                .isEqualTo(
                        "orders: paused in ACTIVE_BLUE: nothing is in flight; the next change"
                                + " starts, then holds after its first step until you resume"
                                + " (kubectl bluegreen resume orders)\n");
        assertFails(
                kubectl.run("pause", "orders"),
                "orders: already paused (bluegreen.dev/paused=true); lift it with kubectl bluegreen"
                        + " resume orders");
        h.editTemplate("orders", t -> t.put("image", "v2"));
        await().atMost(Harness.WAIT)
                .until(() -> "Paused".equals(h.condition("orders", "Progressing")));
        assertThat(h.state("orders")).isEqualTo("SAVEPOINTING_BLUE");
        assertThat(kubectl.run("status", "orders").field("Paused"))
                .isEqualTo("yes (bluegreen.dev/paused=true; kubectl bluegreen resume orders)");

        var resumed = kubectl.run("resume", "orders");

        assertThat(resumed.out())
                .isEqualTo(
                        "orders: resumed in SAVEPOINTING_BLUE: the controller carries on; a"
                                + " deadline that passed while paused acts at once\n");
        h.awaitState("orders", "ACTIVE_GREEN");
    }

    @Test
    void anInvalidSpecRefusesCommands() {
        soakingTransition();
        h.option("orders", "kubernetes.operator.bluegreen.abort.grace-period", "ten minutes");
        await().atMost(Harness.WAIT)
                .until(() -> "InvalidSpec".equals(h.condition("orders", "InvalidSpec")));

        var promoted = kubectl.run("promote", "orders");

        assertThat(promoted.exit()).isEqualTo(1);
        assertThat(promoted.err())
                .startsWith(
                        "kubectl-bluegreen: orders: the spec is invalid and the controller acts on"
                                + " no command until it is fixed: spec.configuration[")
                .contains("ten minutes")
                .hasLineCount(1);
        assertThat(h.get("orders").getMetadata().getAnnotations())
                .doesNotContainKey(ObservationReader.PROMOTE);
    }

    @Test
    void watchPrintsTheStatusAgainWhenItChanges() throws IOException {
        soakingTransition();
        Process watch = kubectl.start("status", "orders", "--watch");
        List<String> lines = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> readLines(watch, lines), "watch-reader");
        reader.start();
        try {
            await().atMost(Harness.WAIT)
                    .until(
                            () ->
                                    lines.stream()
                                            .anyMatch(l -> l.startsWith("Reason:      Soaking")));

            assertThat(kubectl.run("promote", "orders").exit()).isZero();

            await().atMost(Harness.WAIT)
                    .until(
                            () ->
                                    lines.stream()
                                            .anyMatch(
                                                    l ->
                                                            l.startsWith(
                                                                    "State:       ACTIVE_GREEN")));
            assertThat(lines.stream().filter(l -> l.startsWith("Name:"))).hasSizeGreaterThan(1);
            assertThat(watch.isAlive()).isTrue();
        } finally {
            watch.descendants().forEach(ProcessHandle::destroy);
            watch.destroy();
        }
    }

    private static void readLines(Process process, List<String> lines) {
        try (var in =
                new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                lines.add(line);
            }
        } catch (IOException e) {
            lines.add("read failed: " + e);
        }
    }

    private static void assertFails(KubectlPlugin.Result result, String message) {
        assertThat(result.exit()).as("%s", result).isEqualTo(1);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).isEqualTo("kubectl-bluegreen: " + message + "\n");
    }
}
