package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.ingress.Owner;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class ChildOwnershipTest {
    static final Owner OURS =
            new Owner("bluegreen.dev/v1alpha1", "FlinkBlueGreenDeployment", "ns", "orders", "u-1");

    static final OwnerReference UPSTREAM =
            ref("flink.apache.org/v1beta1", "FlinkBlueGreenDeployment", "orders", "u-up", false);

    static OwnerReference ref(
            String apiVersion, String kind, String name, String uid, boolean controller) {
        return new OwnerReferenceBuilder()
                .withApiVersion(apiVersion)
                .withKind(kind)
                .withName(name)
                .withUid(uid)
                .withController(controller)
                .build();
    }

    static ObjectMeta child(OwnerReference... refs) {
        return new ObjectMetaBuilder()
                .withName("orders-blue")
                .withOwnerReferences(refs.length == 0 ? null : List.of(refs))
                .build();
    }

    static Stream<Arguments> table() {
        OwnerReference ours = OURS.toOwnerReference();
        return Stream.of(
                Arguments.of("our owner only", child(ours), null),
                Arguments.of("upstream non-controller beside ours", child(UPSTREAM, ours), "u-up"),
                Arguments.of("upstream after ours", child(ours, UPSTREAM), "u-up"),
                Arguments.of(
                        "another controller",
                        child(ref("apps/v1", "ReplicaSet", "orders", "u-rs", true)),
                        "u-rs"),
                Arguments.of("no owner references", child(), ""),
                Arguments.of(
                        "same name and kind, other uid",
                        child(ref(OURS.apiVersion(), OURS.kind(), OURS.name(), "u-old", true)),
                        "u-old"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void onlyAChildOwnedByThisParentAloneMayBeTouched(
            String description, ObjectMeta child, String refusedFor) {
        var refusal = ChildOwnership.refusal(OURS, child);

        if (refusedFor == null) {
            assertThat(refusal).isEmpty();
        } else {
            assertThat(refusal)
                    .get()
                    .extracting(r -> r.other() == null ? "" : r.other().getUid())
                    .isEqualTo(refusedFor);
        }
    }

    @Test
    void theMessageNamesTheOtherOwnerAndWhatToDo() {
        var refusal = ChildOwnership.refusal(OURS, child(UPSTREAM, OURS.toOwnerReference()));

        assertThat(refusal.get().message())
                .contains(
                        "FlinkDeployment orders-blue",
                        "FlinkBlueGreenDeployment orders",
                        "flink.apache.org/v1beta1",
                        "Rename one of the two parents");
    }

    @Test
    void theMessageSaysWhenTheChildHasNoOwnerAtAll() {
        var refusal = ChildOwnership.refusal(OURS, child());

        assertThat(refusal.get().message()).contains("has no owner reference to this parent");
    }
}
