package dev.bluegreen.ingress;

import dev.bluegreen.core.Color;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChildNamesTest {

    @Test
    void derivedNamesAreTheResourceNames() {
        var names = ChildNames.derived("orders");

        assertThat(names.child(Color.BLUE)).isEqualTo(ResourceNames.child("orders", Color.BLUE));
        assertThat(names.child(Color.GREEN)).isEqualTo("orders-green");
        assertThat(names.restService(Color.BLUE)).isEqualTo("orders-blue-rest");
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
                .hasMessageStartingWith("adoptedBlue: ");
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
        assertThatThrownBy(() -> new ChildBackend(Color.BLUE, 8081, "Bad Name"))
                .hasMessageStartingWith("childName: ");
    }
}
