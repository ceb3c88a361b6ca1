package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class ChildNamesTest {

    @Test
    void derivedNamesAreTheResourceNames() {
        var names = ChildNames.derived("orders");

        assertThat(names.child(Color.BLUE)).isEqualTo(ResourceNames.child("orders", Color.BLUE));
        assertThat(names.child(Color.GREEN)).isEqualTo("orders-green");
        assertThat(names.restService(Color.BLUE)).isEqualTo("orders-blue-rest");
    }

    /** One row: the parent, the adopted name, the colour it plays, blue's and green's names. */
    static Stream<Arguments> adoptions() {
        return Stream.of(
                arguments("orders", null, null, "orders-blue", "orders-green"),
                arguments("orders", "orders-live", Color.BLUE, "orders-live", "orders-green"),
                arguments("orders", "orders-blue", Color.BLUE, "orders-blue", "orders-green"),
                arguments("orders", "orders-green", Color.GREEN, "orders-blue", "orders-green"),
                arguments("payments", "orders-green", Color.BLUE, "orders-green", "payments-green"),
                arguments(
                        "orders",
                        "orders-greenish",
                        Color.BLUE,
                        "orders-greenish",
                        "orders-green"));
    }

    @ParameterizedTest(name = "{0} adopting {1}: {2}")
    @MethodSource("adoptions")
    void theAdoptedChildPlaysGreenOnlyUnderTheParentsOwnGreenName(
            String parent, String adopted, Color color, String blue, String green) {
        var names = new ChildNames(parent, adopted);

        assertThat(names.adoptedColor()).isEqualTo(color);
        assertThat(names.child(Color.BLUE)).isEqualTo(blue);
        assertThat(names.child(Color.GREEN)).isEqualTo(green);
        assertThat(names.restService(Color.GREEN)).isEqualTo(green + "-rest");
    }

    @Test
    void anAdoptedBlueKeepsItsNameAndGreenIsDerived() {
        var names = ChildNames.adopting("orders", "orders-live");

        assertThat(names.child(Color.BLUE)).isEqualTo("orders-live");
        assertThat(names.child(Color.GREEN)).isEqualTo("orders-green");
        assertThat(names.restService(Color.BLUE)).isEqualTo("orders-live-rest");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "Orders",
                "orders_live",
                "-orders",
                "orders-",
                "a.b",
                "x123456789x123456789x123456789x123456789x12345"
            })
    void refusesANameThatNoFlinkDeploymentCanHaveNamingTheField(String bad) {
        assertThatThrownBy(() -> ChildNames.validateAdopted(bad, "spec.adoptDeployment"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "spec.adoptDeployment: expected the name of a FlinkDeployment");
        assertThatThrownBy(() -> ChildNames.adopting("orders", bad))
                .hasMessageStartingWith("adopted: ");
    }

    @Test
    void aBackendOfAnAdoptedBlueTargetsItsOwnRestService() {
        var adopted =
                ChildBackend.of(ChildNames.adopting("orders", "orders-live"), Color.BLUE, 8081);
        var green =
                ChildBackend.of(ChildNames.adopting("orders", "orders-live"), Color.GREEN, 8081);

        assertThat(adopted.serviceName("orders")).isEqualTo("orders-live-rest");
        assertThat(green.serviceName("orders")).isEqualTo("orders-green-rest");
        assertThat(green.childName()).isNull();
        var migrated =
                ChildBackend.of(ChildNames.adopting("orders", "orders-green"), Color.GREEN, 8081);
        assertThat(migrated.serviceName("orders")).isEqualTo("orders-green-rest");
        assertThatThrownBy(() -> new ChildBackend(Color.BLUE, 8081, "Bad Name"))
                .hasMessageStartingWith("childName: ");
    }
}
