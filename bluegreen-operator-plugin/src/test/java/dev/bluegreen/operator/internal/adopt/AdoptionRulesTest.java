package dev.bluegreen.operator.internal.adopt;

import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The adoption rules, row by row: each refusal, the wait, its deadline, and the pass. */
class AdoptionRulesTest {
    static final AdoptionRules.Adopter ORDERS = new AdoptionRules.Adopter("orders", "uid-1");
    static final Instant CREATED = Instant.parse("2026-12-01T10:00:00Z");
    static final Duration DEADLINE = Duration.ofMinutes(10);
    static final String OURS_API = "bluegreen.dev/v1alpha1";
    static final String KIND = "FlinkBlueGreenDeployment";

    static ChildObservation job(Lifecycle lifecycle, JobState state) {
        return new ChildObservation(
                true,
                false,
                null,
                3,
                3,
                false,
                lifecycle,
                state,
                "j1",
                CREATED,
                HealthFacts.unknown());
    }

    static final ChildObservation RUNNING = job(Lifecycle.STABLE, JobState.RUNNING);

    static AdoptionCandidate candidate(
            List<OwnerReference> owners, String parent, boolean hasJob, ChildObservation child) {
        return new AdoptionCandidate("orders-live", true, owners, parent, hasJob, child);
    }

    /** A running child of upstream's parent {@code orders}, by upstream's name for its green. */
    static AdoptionCandidate upstreamGreen(List<OwnerReference> owners, String parentLabel) {
        return new AdoptionCandidate("orders-green", true, owners, parentLabel, true, RUNNING);
    }

    /** Upstream's owner reference on its children: {@code controller: false}. */
    static OwnerReference upstreamParent(String uid) {
        return owner("flink.apache.org/v1beta1", "FlinkBlueGreenDeployment", uid, false);
    }

    static OwnerReference owner(String apiVersion, String kind, String uid, boolean controller) {
        return new OwnerReferenceBuilder()
                .withApiVersion(apiVersion)
                .withKind(kind)
                .withName("orders")
                .withUid(uid)
                .withController(controller)
                .withBlockOwnerDeletion(true)
                .build();
    }

    static Stream<Arguments> rows() {
        Instant soon = CREATED.plusSeconds(60);
        Instant late = CREATED.plus(DEADLINE);
        return Stream.of(
                Arguments.of(
                        "missing",
                        AdoptionCandidate.of("orders-live", null),
                        soon,
                        "Refused: FlinkDeployment orders-live does not exist in namespace shop"),
                Arguments.of(
                        "co-owned by upstream's parent (controller: false)",
                        upstreamGreen(List.of(upstreamParent("upstream-uid")), null),
                        soon,
                        "Refused: FlinkDeployment orders-green is a child of FlinkBlueGreenDeployment orders (flink.apache.org/v1beta1), which still manages its job; migrate that parent with kubectl bluegreen migrate orders, or delete it with --cascade=orphan first"),
                Arguments.of(
                        "upstream's parent beside this one",
                        upstreamGreen(
                                List.of(
                                        owner(OURS_API, KIND, "uid-1", true),
                                        upstreamParent("upstream-uid")),
                                "orders"),
                        soon,
                        "Refused: FlinkDeployment orders-green is a child of FlinkBlueGreenDeployment orders (flink.apache.org/v1beta1), which still manages its job; migrate that parent with kubectl bluegreen migrate orders, or delete it with --cascade=orphan first"),
                Arguments.of(
                        "a non-controller reference to another of our parents",
                        candidate(
                                List.of(owner(OURS_API, KIND, "uid-9", false)),
                                null,
                                true,
                                RUNNING),
                        soon,
                        "Refused: FlinkDeployment orders-live is a child of FlinkBlueGreenDeployment orders (bluegreen.dev/v1alpha1), which still manages its job; release it there first (kubectl bluegreen release orders)"),
                Arguments.of(
                        "controlled by another operator",
                        candidate(
                                List.of(owner("apps.example.com/v1", "FlinkApp", "uid-9", true)),
                                null,
                                true,
                                RUNNING),
                        soon,
                        "Refused: FlinkDeployment orders-live is controlled by FlinkApp orders (apps.example.com/v1); release it there first"),
                Arguments.of(
                        "a non-controller owner of another kind is fine",
                        candidate(
                                List.of(owner("v1", "ConfigMap", "uid-9", false)),
                                null,
                                true,
                                RUNNING),
                        soon,
                        "Adoptable"),
                Arguments.of(
                        "adopted by another parent",
                        candidate(List.of(), "payments", true, RUNNING),
                        soon,
                        "Refused: FlinkDeployment orders-live is already a child of FlinkBlueGreenDeployment payments (label bluegreen.dev/parent)"),
                Arguments.of(
                        "session cluster",
                        candidate(List.of(), null, false, RUNNING),
                        soon,
                        "Refused: FlinkDeployment orders-live has no spec.job (a session cluster): only an application deployment with a job can be adopted"),
                Arguments.of(
                        "not running yet",
                        candidate(
                                List.of(),
                                null,
                                true,
                                job(Lifecycle.DEPLOYED, JobState.RECONCILING)),
                        soon,
                        "Waiting: FlinkDeployment orders-live is not stable and running (lifecycle DEPLOYED, job RECONCILING); waiting up to PT10M"),
                Arguments.of(
                        "not running at the deadline",
                        candidate(
                                List.of(), null, true, job(Lifecycle.STABLE, JobState.RESTARTING)),
                        late,
                        "Refused: FlinkDeployment orders-live is not stable and running (lifecycle STABLE, job RESTARTING) PT10M after the parent was created; the controller adopts it as soon as it is"),
                Arguments.of(
                        "already this parent's (interrupted adoption)",
                        candidate(
                                List.of(owner(OURS_API, KIND, "uid-1", true)),
                                "orders",
                                true,
                                RUNNING),
                        late,
                        "Adoptable"),
                Arguments.of(
                        "stable and running",
                        candidate(List.of(), null, true, RUNNING),
                        soon,
                        "Adoptable"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void decidesEachRow(String row, AdoptionCandidate candidate, Instant now, String verdict) {
        var decided = AdoptionRules.decide(ORDERS, candidate, "shop", CREATED, DEADLINE, now);

        assertThat(describe(decided)).isEqualTo(verdict);
    }

    private static String describe(AdoptionVerdict verdict) {
        if (verdict instanceof AdoptionVerdict.Refused r) {
            return "Refused: " + r.message();
        }
        if (verdict instanceof AdoptionVerdict.Waiting w) {
            return "Waiting: " + w.why();
        }
        return "Adoptable";
    }
}
