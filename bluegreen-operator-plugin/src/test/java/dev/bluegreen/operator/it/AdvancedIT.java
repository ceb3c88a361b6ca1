package dev.bluegreen.operator.it;

import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.Stage;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.TransitionMode;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * ADVANCED mode end to end on the embedded API with the fake upstream operator and the in-memory
 * gate channel; the test plays the gate subtasks of both jobs ({@link FakeGates}: real {@code
 * SubtaskGate}s, two per colour).
 */
@EnableKubernetesMockClient(crud = true)
class AdvancedIT {
    static final long START = 1_700_000_000_000L;

    KubernetesClient client;
    KubernetesMockServer server;
    Harness h;
    FakeGates gates;
    String name;

    /** Event time each running subtask moves on per step; small while a proposal may be open. */
    final AtomicLong pace = new AtomicLong(20);

    final AtomicBoolean blueSubtaskOneFrozen = new AtomicBoolean();

    @BeforeEach
    void start() {
        h = new Harness(client, server);
    }

    @AfterEach
    void stop() {
        h.close();
        InMemoryGateChannel.remove(Harness.NS + "/" + name);
    }

    /** Deploys {@code parentName} in ADVANCED mode with blue's gates at START, then edits it. */
    void deployAndUpgrade(String parentName, String... options) {
        name = parentName;
        gates = new FakeGates(Harness.NS + "/" + name);
        FlinkBlueGreenDeployment parent = Fixtures.parent(name, Fixtures.job(2, upgradeMode));
        parent.getSpec().setTransitionMode(TransitionMode.ADVANCED);
        parent.getSpec()
                .getConfiguration()
                .put("kubernetes.operator.bluegreen.advanced.channel", "memory");
        for (int i = 0; i < options.length; i += 2) {
            parent.getSpec()
                    .getConfiguration()
                    .put("kubernetes.operator.bluegreen." + options[i], options[i + 1]);
        }
        h.deployed(parent);
        assertThat(
                        Fixtures.spec(
                                h.child(name + "-blue"),
                                "spec",
                                "flinkConfiguration",
                                "bluegreen.gate.color"))
                .isEqualTo("BLUE");
        gates.start(Color.BLUE, START);
        h.editTemplate(name, t -> t.put("image", "flink:1.20.1"));
    }

    /** Steps the gates (and starts green's once its child exists) until {@code done}. */
    void driveUntil(String what, BooleanSupplier done) {
        await(what)
                .atMost(Harness.WAIT)
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> {
                            if (!gates.running(Color.GREEN) && h.child(name + "-green") != null) {
                                gates.start(Color.GREEN, greenStart);
                            }
                            advance();
                            gates.step();
                            return done.getAsBoolean();
                        });
    }

    long greenStart = START;

    /** The template's {@code job.upgradeMode}. */
    String upgradeMode = "savepoint";

    void advance() {
        long step = pace.get();
        for (Color color : Color.values()) {
            if (!gates.running(color)) {
                continue;
            }
            for (int i = 0; i < FakeGates.PARALLELISM; i++) {
                if (color == Color.BLUE && i == 1 && blueSubtaskOneFrozen.get()) {
                    continue;
                }
                gates.moveTo(color, i, gates.position(color, i) + step);
            }
        }
    }

    boolean committed(long transition) {
        return gates.seen().stream()
                .anyMatch(c -> c.transition() == transition && c.stage() == Stage.COMMITTED);
    }

    String progressing() {
        var status = h.get(name).getStatus();
        return status.getConditions().stream()
                .filter(c -> c.getType().equals("Progressing"))
                .map(c -> c.getReason() + ": " + c.getMessage())
                .findFirst()
                .orElse("");
    }

    @Test
    void promotesOnlyOnceGreenHasCaughtUpThenRetiresBlue() {
        // Given green starting 60 s of event time behind blue, and a last-state template
        greenStart = START - 60_000;
        upgradeMode = "last-state";
        deployAndUpgrade("adv-catchup");

        // Then nothing is proposed while green lags
        driveUntil("green reported lagging", () -> progressing().contains("to catch up"));
        assertThat(InMemoryGateChannel.named(Harness.NS + "/" + name).current()).isEmpty();
        assertThat(h.state(name)).isEqualTo("TRANSITIONING_TO_GREEN");

        // When green catches up, the cutover is proposed, committed, and blue retired once drained
        gates.moveTo(Color.GREEN, START);
        gates.onNewCommand(c -> pace.set(c.stage() == Stage.COMMITTED ? 1_000 : 20));
        driveUntil("green active", () -> "ACTIVE_GREEN".equals(h.state(name)));
        assertThat(gates.seen())
                .extracting(GateCommand::toText)
                .first()
                .asString()
                .startsWith("transition=1;stage=PROPOSED");
        assertThat(committed(1)).isTrue();
        await().atMost(Harness.WAIT).until(() -> h.child(name + "-blue") == null);
        // ADVANCED's default retention SUSPEND_THEN_DELETE: blue was stopped with a savepoint
        // (its transactional sink commits its last transaction), then deleted; the suspend
        // asks for a savepoint whatever the template's upgrade mode
        assertThat(h.fake.suspensions()).containsExactly(name + "-blue upgradeMode=savepoint");
    }

    @Test
    void retentionDeleteSetByTheUserDeletesBlueWithoutASavepointStop() {
        // Given ADVANCED mode with retention DELETE set explicitly
        deployAndUpgrade("adv-delete", "retention", "DELETE");
        gates.onNewCommand(c -> pace.set(c.stage() == Stage.COMMITTED ? 1_000 : 20));

        // When the hand-over completes
        driveUntil("green active", () -> "ACTIVE_GREEN".equals(h.state(name)));
        await().atMost(Harness.WAIT).until(() -> h.child(name + "-blue") == null);

        // Then blue was deleted running: never suspended
        assertThat(h.fake.suspensions()).isEmpty();
    }

    @Test
    void greenThatNeverCatchesUpIsAbortedAndBlueKeepsTheOutput() {
        // Given green far behind and a short catch-up deadline
        greenStart = START - 3_600_000;
        deployAndUpgrade("adv-abort", "catch-up.timeout", "2 s");

        // Then the change is rolled back: blue serves, green is gone, nothing was committed
        driveUntil(
                "rolled back",
                () -> "ACTIVE_BLUE".equals(h.state(name)) && h.child(name + "-green") == null);
        assertThat(gates.seen()).noneMatch(c -> c.stage() == Stage.COMMITTED);
        assertThat(h.get(name).getStatus().getTransition().getOutputOwner()).isEqualTo("BLUE");
    }

    @Test
    void blueIsRetiredOnlyOnceEveryBlueSubtaskIsDrained() {
        // Given one blue subtask whose watermark stops before the cutover
        deployAndUpgrade("adv-drain");
        gates.onNewCommand(
                c -> {
                    if (c.stage() == Stage.COMMITTED) {
                        blueSubtaskOneFrozen.set(true);
                        pace.set(1_000);
                    }
                });

        // Then the controller waits for the drain with blue still there
        driveUntil("waiting for drain", () -> progressing().startsWith("WaitingForDrain"));
        assertThat(h.child(name + "-blue")).isNotNull();
        assertThat(h.state(name)).isEqualTo("RETIRING_BLUE");

        // When the last blue subtask drains, blue is retired
        blueSubtaskOneFrozen.set(false);
        driveUntil("green active", () -> "ACTIVE_GREEN".equals(h.state(name)));
        await().atMost(Harness.WAIT).until(() -> h.child(name + "-blue") == null);
    }

    @Test
    void abortInTheRollbackWindowHandsTheOutputBackToBlueBeforeGreenIsRetired() {
        // Given green committed and serving while blue is kept for a minute
        deployAndUpgrade("adv-rollback", "deployment-deletion.delay", "1 min");
        gates.onNewCommand(c -> pace.set(c.stage() == Stage.COMMITTED ? 1_000 : 20));
        driveUntil("traffic on green", () -> committed(1) && "RETIRING_BLUE".equals(h.state(name)));

        // When the user aborts
        AtomicBoolean greenPresentAtCommit = new AtomicBoolean();
        gates.onNewCommand(
                c -> {
                    pace.set(c.stage() == Stage.COMMITTED ? 1_000 : 20);
                    if (c.transition() > 1 && c.stage() == Stage.COMMITTED) {
                        greenPresentAtCommit.set(h.child(name + "-green") != null);
                    }
                });
        h.annotate(name, "bluegreen.dev/abort", "a1");

        // Then a second cutover hands the output back to blue, and only then green is retired
        driveUntil(
                "back on blue",
                () -> "ACTIVE_BLUE".equals(h.state(name)) && h.child(name + "-green") == null);
        // (the first proposal back may conflict with blue's fast progress and be re-picked)
        GateCommand last = gates.seen().get(gates.seen().size() - 1);
        assertThat(last.stage())
                .as("commands %s, events %s", gates.seen(), h.eventReasons(name))
                .isEqualTo(Stage.COMMITTED);
        assertThat(last.transition()).isGreaterThan(1);
        assertThat(greenPresentAtCommit).isTrue();
        assertThat(last.committedCutovers()).hasSize(2);
        assertThat(last.target()).isEqualTo(Color.BLUE);
    }

    @Test
    void aConflictIsRePickedUnderANewerTransitionNumber() {
        // Given blue jumps far past the first proposal before its gates see it
        deployAndUpgrade("adv-conflict");
        gates.onNewCommand(
                c -> {
                    if (c.transition() == 1 && c.stage() == Stage.PROPOSED) {
                        gates.moveTo(Color.BLUE, c.cutover() + 10_000);
                        gates.moveTo(Color.GREEN, c.cutover() + 10_000);
                    }
                    pace.set(c.stage() == Stage.COMMITTED ? 1_000 : 20);
                });

        // Then transition 1 is replaced by a later proposal 2, which commits
        driveUntil("green active", () -> "ACTIVE_GREEN".equals(h.state(name)));
        GateCommand first = gates.seen().get(0);
        assertThat(gates.seen())
                .anySatisfy(
                        c -> {
                            assertThat(c.transition()).isEqualTo(2);
                            assertThat(c.stage()).isEqualTo(Stage.PROPOSED);
                            assertThat(c.cutover()).isGreaterThan(first.cutover() + 10_000);
                        });
        assertThat(committed(2)).isTrue();
        assertThat(committed(1)).isFalse();
    }

    @Test
    void switchingABasicResourceToAdvancedIsRefusedNamingTheFieldAndTouchesNothing() {
        // Given a BASIC resource serving from blue
        name = "adv-mode";
        h.deployed(Fixtures.parent(name, Fixtures.job(2, "savepoint")));
        var blue = h.child(name + "-blue");

        // When the mode is changed
        h.edit(
                name,
                p -> {
                    p.getSpec().setTransitionMode(TransitionMode.ADVANCED);
                    ((com.fasterxml.jackson.databind.node.ObjectNode)
                                    p.getSpec().getTemplate().getSpec())
                            .put("image", "flink:1.20.1");
                    return p;
                });

        // Then the spec is invalid, the field is named, and nothing running is touched
        await().atMost(Harness.WAIT).until(() -> invalidSpecMessage() != null);
        assertThat(invalidSpecMessage())
                .startsWith("spec.transitionMode: cannot change after the first deployment")
                .contains("deployed with BASIC, got ADVANCED");
        assertThat(h.eventReasons(name)).contains("Warning:InvalidSpec");
        assertThat(h.get(name).getStatus().getTransitionMode()).isEqualTo(TransitionMode.BASIC);
        assertThat(h.child(name + "-blue").getMetadata().getResourceVersion())
                .isEqualTo(blue.getMetadata().getResourceVersion());
        assertThat(h.child(name + "-green")).isNull();
    }

    String invalidSpecMessage() {
        return h.get(name).getStatus().getConditions().stream()
                .filter(c -> c.getType().equals("InvalidSpec") && c.getStatus().equals("True"))
                .map(c -> c.getMessage())
                .findFirst()
                .orElse(null);
    }
}
