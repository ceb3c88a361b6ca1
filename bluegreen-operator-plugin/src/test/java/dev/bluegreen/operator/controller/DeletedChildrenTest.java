package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The deleted children the reconciler hides from its decisions, and that the set stays small. */
class DeletedChildrenTest {
    static final String NS = "prod";
    static final FlinkBlueGreenDeployment ORDERS = parent(NS, "orders");

    final ParentMemory memory = new ParentMemory();
    final DeletedChildren deleted = new DeletedChildren(memory);

    static GenericKubernetesResource child(String name, String uid) {
        var child = new GenericKubernetesResource();
        child.setMetadata(
                new ObjectMetaBuilder().withName(name).withNamespace(NS).withUid(uid).build());
        return child;
    }

    static FlinkBlueGreenDeployment parent(String namespace, String name) {
        var parent = new FlinkBlueGreenDeployment();
        parent.setMetadata(
                new ObjectMetaBuilder()
                        .withName(name)
                        .withNamespace(namespace)
                        .withUid("uid-" + name)
                        .build());
        return parent;
    }

    @Test
    void aDeletedChildIsHiddenWhileTheCacheStillHoldsIt() {
        var stale = child("orders-blue", "u1");

        deleted.deleted(ORDERS, stale);

        assertThat(deleted.visible(ORDERS, "orders-blue", Optional.of(stale))).isEmpty();
        assertThat(deleted.visible(ORDERS, "orders-blue", Optional.of(stale))).isEmpty();
        assertThat(deleted.size(ORDERS)).isEqualTo(1);
    }

    @Test
    void aNewChildOfTheSameNameIsSeenAndTheEntryGoes() {
        deleted.deleted(ORDERS, child("orders-blue", "u1"));
        var recreated = child("orders-blue", "u2");

        assertThat(deleted.visible(ORDERS, "orders-blue", Optional.of(recreated)))
                .containsSame(recreated);
        assertThat(deleted.size(ORDERS)).isZero();
    }

    @Test
    void theEntryStaysWhenTheCacheDropsTheChildSoItCannotReappear() {
        var stale = child("orders-blue", "u1");
        deleted.deleted(ORDERS, stale);

        assertThat(deleted.visible(ORDERS, "orders-blue", Optional.empty())).isEmpty();
        assertThat(deleted.visible(ORDERS, "orders-blue", Optional.of(stale))).isEmpty();
        assertThat(deleted.size(ORDERS)).isEqualTo(1);
    }

    @Test
    void theParentsCleanupForgetsBothChildrenAndOnlyThem() {
        deleted.deleted(ORDERS, child("orders-blue", "u1"));
        deleted.deleted(ORDERS, child("orders-green", "u2"));
        var otherParent = parent(NS, "other");
        var other = child("other-blue", "u3");
        deleted.deleted(otherParent, other);

        memory.forget(ORDERS);

        assertThat(deleted.size(ORDERS)).isZero();
        assertThat(deleted.visible(otherParent, "other-blue", Optional.of(other))).isEmpty();
        assertThat(memory.size()).isEqualTo(1);
    }

    @Test
    void otherChildrenAndParentsAreNotHidden() {
        var blue = child("orders-blue", "u1");
        deleted.deleted(ORDERS, blue);
        var green = child("orders-green", "u3");

        assertThat(deleted.visible(ORDERS, "orders-green", Optional.of(green))).containsSame(green);
        assertThat(deleted.visible(parent("other", "orders"), "orders-blue", Optional.of(blue)))
                .containsSame(blue);
        assertThat(deleted.size(ORDERS)).isEqualTo(1);
    }

    @Test
    void staysBoundedAcross10000CreateDeleteCyclesOfParents() {
        for (int i = 0; i < 10_000; i++) {
            // a parent deploys blue, then green, deletes blue, and is deleted itself before the
            // cache saw any deletion
            String name = "p" + i;
            var parent = parent(NS, name);
            var blue = child(name + "-blue", "b" + i);
            var green = child(name + "-green", "g" + i);
            deleted.deleted(parent, blue);
            assertThat(deleted.visible(parent, blue.getMetadata().getName(), Optional.of(blue)))
                    .isEmpty();
            deleted.deleted(parent, green);
            assertThat(deleted.size(parent)).isLessThanOrEqualTo(2);

            memory.forget(parent);

            assertThat(memory.size()).isZero();
        }
    }

    @Test
    void staysBoundedAcross10000CyclesOfOneChildName() {
        for (int i = 0; i < 10_000; i++) {
            // the same parent's blue child is created and deleted again and again
            var blue = child("orders-blue", "u" + i);
            assertThat(deleted.visible(ORDERS, "orders-blue", Optional.of(blue)))
                    .containsSame(blue);
            deleted.deleted(ORDERS, blue);
            assertThat(deleted.visible(ORDERS, "orders-blue", Optional.of(blue))).isEmpty();
            assertThat(deleted.size(ORDERS)).isEqualTo(1);
        }
        memory.forget(ORDERS);
        assertThat(memory.size()).isZero();
    }
}
