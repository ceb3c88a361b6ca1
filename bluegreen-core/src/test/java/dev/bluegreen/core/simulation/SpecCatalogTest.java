package dev.bluegreen.core.simulation;

import dev.bluegreen.core.ChangeKind;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static dev.bluegreen.core.ChangeKind.IGNORE;
import static dev.bluegreen.core.ChangeKind.PARENT_ONLY;
import static dev.bluegreen.core.ChangeKind.PATCH_CHILD;
import static dev.bluegreen.core.ChangeKind.RESUME;
import static dev.bluegreen.core.ChangeKind.SAVEPOINT_REDEPLOY;
import static dev.bluegreen.core.ChangeKind.SUSPEND;
import static dev.bluegreen.core.ChangeKind.TRANSITION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SpecCatalogTest {

    /** v0, then v1 PATCH_CHILD, v2 PARENT_ONLY, v3 TRANSITION, v4 IGNORE, then suspended. */
    private static SpecCatalog catalog() {
        var specs = new SpecCatalog();
        specs.deploy(false, false);
        specs.change(PATCH_CHILD, false);
        specs.change(PARENT_ONLY, false);
        specs.change(TRANSITION, true);
        specs.change(IGNORE, true);
        specs.change(SUSPEND, false);
        return specs;
    }

    static Stream<Arguments> classifications() {
        return Stream.of(
                Arguments.of("no stable spec", null, "v1", TRANSITION),
                Arguments.of("equal refs", "v2", "v2", IGNORE),
                Arguments.of("one patch", "v0", "v1", PATCH_CHILD),
                Arguments.of("parent only", "v1", "v2", PARENT_ONLY),
                Arguments.of("highest kind in between wins", "v0", "v2", PATCH_CHILD),
                Arguments.of("going back is the same kind", "v3", "v1", TRANSITION),
                Arguments.of("ignored version", "v3", "v4", IGNORE),
                Arguments.of("suspended flag wins", "v0", "v4-suspended", SUSPEND),
                Arguments.of("resume", "v4-suspended", "v4", RESUME));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("classifications")
    void classifiesByTheHighestKindBetweenVersions(
            String name, String from, String to, ChangeKind expected) {
        assertThat(catalog().classify(from, to)).isEqualTo(expected);
    }

    @Test
    void desiredSpecIsClassifiedAgainstTheStableSpec() {
        var desired = catalog().desired("v2");

        assertThat(desired.ref()).isEqualTo("v4-suspended");
        assertThat(desired.change()).isEqualTo(SUSPEND);
        assertThat(desired.suspended()).isTrue();
        assertThat(desired.stateless()).isTrue();
    }

    @Test
    void resumeRestoresTheEarlierRef() {
        var specs = new SpecCatalog();
        specs.deploy(false, false);

        String suspended = specs.change(SUSPEND, false);
        String resumed = specs.change(RESUME, false);

        assertThat(suspended).isEqualTo("v0-suspended");
        assertThat(resumed).isEqualTo("v0");
    }

    @Test
    void everyOtherKindCreatesTheNextVersion() {
        var specs = new SpecCatalog();
        specs.deploy(true, false);

        assertThat(specs.change(SAVEPOINT_REDEPLOY, false)).isEqualTo("v1-suspended");
    }

    @Test
    void knowsOnlyRefsItIssued() {
        var specs = catalog();

        assertThat(specs.known("v4")).isTrue();
        assertThat(specs.known("v4-suspended")).isTrue();
        assertThat(specs.known("v5")).isFalse();
        assertThat(specs.known("x1")).isFalse();
        assertThat(specs.known("v01")).isFalse();
        assertThat(specs.known(null)).isFalse();
    }

    @Test
    void changeBeforeDeployNamesTheKind() {
        assertThatThrownBy(() -> new SpecCatalog().change(PATCH_CHILD, false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("changeSpec(PATCH_CHILD) before deploy()");
    }
}
