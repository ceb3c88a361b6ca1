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

    static GenericKubernetesResource child(String name, String uid) {
        var child = new GenericKubernetesResource();
        child.setMetadata(
                new ObjectMetaBuilder().withName(name).withNamespace(NS).withUid(uid).build());
        return child;
    }

    static FlinkBlueGreenDeployment parent(String name) {
        var parent = new FlinkBlueGreenDeployment();
        parent.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
        return parent;
    }

    @Test
    void aDeletedChildIsHiddenWhileTheCacheStillHoldsIt() {
        var deleted = new DeletedChildren();
        var stale = child("orders-blue", "u1");

        deleted.deleted(stale);

        assertThat(deleted.visible(NS, "orders-blue", Optional.of(stale))).isEmpty();
        assertThat(deleted.visible(NS, "orders-blue", Optional.of(stale))).isEmpty();
        assertThat(deleted.size()).isEqualTo(1);
    }

    @Test
    void aNewChildOfTheSameNameIsSeenAndTheEntryGoes() {
        var deleted = new DeletedChildren();
        deleted.deleted(child("orders-blue", "u1"));
        var recreated = child("orders-blue", "u2");

        assertThat(deleted.visible(NS, "orders-blue", Optional.of(recreated)))
                .containsSame(recreated);
        assertThat(deleted.size()).isZero();
    }

    @Test
    void theEntryStaysWhenTheCacheDropsTheChildSoItCannotReappear() {
        var deleted = new DeletedChildren();
        var stale = child("orders-blue", "u1");
        deleted.deleted(stale);

        assertThat(deleted.visible(NS, "orders-blue", Optional.empty())).isEmpty();
        assertThat(deleted.visible(NS, "orders-blue", Optional.of(stale))).isEmpty();
        assertThat(deleted.size()).isEqualTo(1);
    }

    @Test
    void theParentsCleanupForgetsBothChildren() {
        var deleted = new DeletedChildren();
        deleted.deleted(child("orders-blue", "u1"));
        deleted.deleted(child("orders-green", "u2"));
        var other = child("other-blue", "u3");
        deleted.deleted(other);

        deleted.forget(parent("orders"));

        assertThat(deleted.size()).isEqualTo(1);
        assertThat(deleted.visible(NS, "other-blue", Optional.of(other))).isEmpty();
    }

    @Test
    void otherChildrenAreNotHidden() {
        var deleted = new DeletedChildren();
        deleted.deleted(child("orders-blue", "u1"));
        var green = child("orders-green", "u3");

        assertThat(deleted.visible(NS, "orders-green", Optional.of(green))).containsSame(green);
        assertThat(deleted.visible("other", "orders-blue", Optional.empty())).isEmpty();
        assertThat(deleted.size()).isEqualTo(1);
    }

    @Test
    void staysBoundedAcross10000CreateDeleteCyclesOfParents() {
        var deleted = new DeletedChildren();
        for (int i = 0; i < 10_000; i++) {
            // a parent deploys blue, then green, deletes blue, and is deleted itself before the
            // cache saw any deletion
            String name = "p" + i;
            var blue = child(name + "-blue", "b" + i);
            var green = child(name + "-green", "g" + i);
            deleted.deleted(blue);
            assertThat(deleted.visible(NS, blue.getMetadata().getName(), Optional.of(blue)))
                    .isEmpty();
            deleted.deleted(green);
            assertThat(deleted.size()).isLessThanOrEqualTo(2);

            deleted.forget(parent(name));

            assertThat(deleted.size()).isZero();
        }
    }

    @Test
    void staysBoundedAcross10000CyclesOfOneChildName() {
        var deleted = new DeletedChildren();
        for (int i = 0; i < 10_000; i++) {
            // the same parent's blue child is created and deleted again and again
            var blue = child("orders-blue", "u" + i);
            assertThat(deleted.visible(NS, "orders-blue", Optional.of(blue))).containsSame(blue);
            deleted.deleted(blue);
            assertThat(deleted.visible(NS, "orders-blue", Optional.of(blue))).isEmpty();
            assertThat(deleted.size()).isEqualTo(1);
        }
        deleted.forget(parent("orders"));
        assertThat(deleted.size()).isZero();
    }
}
