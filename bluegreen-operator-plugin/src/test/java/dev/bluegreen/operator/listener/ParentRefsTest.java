package dev.bluegreen.operator.listener;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ParentRefsTest {
    @Test
    void ownerReferenceOfTheParentKindWinsOverTheLabel() {
        ObjectMeta child =
                meta().withOwnerReferences(
                                owner("apps/v1", "Deployment", "other"),
                                owner(
                                        "bluegreen.dev/v1alpha1",
                                        "FlinkBlueGreenDeployment",
                                        "orders"))
                        .withLabels(Map.of("bluegreen.dev/parent", "stale"))
                        .build();

        assertThat(ParentRefs.of(child)).contains(new ParentRefs.Parent("jobs", "orders"));
    }

    @Test
    void parentLabelIsUsedWithoutAnOwnerReference() {
        ObjectMeta child = meta().withLabels(Map.of("bluegreen.dev/parent", "orders")).build();

        assertThat(ParentRefs.of(child)).contains(new ParentRefs.Parent("jobs", "orders"));
    }

    @Test
    void sameKindInAnotherGroupIsNotAParent() {
        ObjectMeta child =
                meta().withOwnerReferences(
                                owner("example.com/v1", "FlinkBlueGreenDeployment", "orders"))
                        .build();

        assertThat(ParentRefs.of(child)).isEmpty();
    }

    @Test
    void unrelatedOrIncompleteMetadataHasNoParent() {
        assertThat(ParentRefs.of(null)).isEmpty();
        assertThat(ParentRefs.of(new ObjectMetaBuilder().withName("x").build())).isEmpty();
        assertThat(ParentRefs.of(meta().build())).isEmpty();
    }

    private static ObjectMetaBuilder meta() {
        return new ObjectMetaBuilder().withName("orders-blue").withNamespace("jobs");
    }

    private static io.fabric8.kubernetes.api.model.OwnerReference owner(
            String apiVersion, String kind, String name) {
        return new OwnerReferenceBuilder()
                .withApiVersion(apiVersion)
                .withKind(kind)
                .withName(name)
                .withUid("uid-" + name)
                .build();
    }
}
