package dev.bluegreen.demo.cluster;

import dev.bluegreen.demo.cluster.ChildColors.Child;
import dev.bluegreen.demo.timeline.Color;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ChildColorsTest {
    ChildColors colors = new ChildColors("orders");

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            nullValues = "none",
            value = {
                "adopted name with both labels | orders-live | orders | blue | BLUE",
                "label wins over a suffix | orders-green | orders | blue | BLUE",
                "upper-case colour value | orders-live | orders | GREEN | GREEN",
                "our parent label, no colour label: suffix | orders-green | orders | none | GREEN",
                "another parent's child | orders-blue | payments | blue | none",
                "another parent's adopted child | payments-live | payments | green | none",
                "no labels, our suffix | orders-blue | none | none | BLUE",
                "no labels, another prefix | payments-blue | none | none | none",
                "no labels, arbitrary name | orders-live | none | none | none",
                "unknown colour value, arbitrary name | orders-live | orders | red | none"
            },
            delimiter = '|')
    void findsTheParentsChildrenAndTheirColourByLabelThenBySuffix(
            String caseName, String name, String parent, String color, Color expected) {
        Map<String, String> labels = new HashMap<>();
        if (parent != null) {
            labels.put(ChildColors.PARENT, parent);
        }
        if (color != null) {
            labels.put(ChildColors.COLOR, color);
        }

        assertThat(colors.child(name, labels).map(Child::color))
                .isEqualTo(Optional.ofNullable(expected));
    }

    @Test
    void anAdoptedChildsServiceAndSnapshotsTakeTheColourSeenOnTheChild() {
        colors.child("orders-live", labels("orders", "blue"));

        assertThat(colors.ofService("orders-live-rest")).contains(Color.BLUE);
        assertThat(colors.ofObject(null, "orders-live")).contains(Color.BLUE);
        assertThat(colors.ofChild("orders-live")).contains(Color.BLUE);
    }

    @Test
    void aSnapshotsOwnColourLabelWinsOverItsJobReference() {
        colors.child("orders-live", labels("orders", "blue"));

        assertThat(colors.ofObject(Map.of(ChildColors.COLOR, "green"), "orders-live"))
                .contains(Color.GREEN);
    }

    @Test
    void objectsOfChildrenNeverSeenFallBackToTheSuffix() {
        assertThat(colors.ofService("orders-green-rest")).contains(Color.GREEN);
        assertThat(colors.ofService("orders-live-rest")).isEmpty();
        assertThat(colors.ofObject(null, "orders-blue")).contains(Color.BLUE);
        assertThat(colors.ofObject(null, null)).isEmpty();
    }

    @Test
    void anExpectedDeploymentIsFollowedBeforeItsLabelsAndReportedAdoptedOnceWhenTheyArrive() {
        colors.expect("orders-live", Color.BLUE);

        assertThat(colors.child("orders-live", null)).contains(new Child(Color.BLUE, false));
        assertThat(colors.child("orders-live", Map.of())).contains(new Child(Color.BLUE, false));
        assertThat(colors.child("orders-live", labels("orders", "blue")))
                .contains(new Child(Color.BLUE, true));
        assertThat(colors.child("orders-live", labels("orders", "blue")))
                .contains(new Child(Color.BLUE, false));
    }

    @Test
    void aReleasedChildWithoutLabelsKeepsTheColourItHad() {
        colors.child("orders-live", labels("orders", "blue"));

        assertThat(colors.child("orders-live", Map.of())).contains(new Child(Color.BLUE, false));
        assertThat(colors.deleted("orders-live", Map.of())).contains(Color.BLUE);
    }

    @Test
    void aChildCreatedWithItsLabelsIsNotAnAdoption() {
        assertThat(colors.child("orders-green", labels("orders", "green")))
                .contains(new Child(Color.GREEN, false));
    }

    private static Map<String, String> labels(String parent, String color) {
        return Map.of(ChildColors.PARENT, parent, ChildColors.COLOR, color);
    }
}
