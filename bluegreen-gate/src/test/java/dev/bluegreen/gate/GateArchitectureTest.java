package dev.bluegreen.gate;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The gate runs on users' job classpaths: it may depend on the JDK and Flink only. The module has
 * no classes yet (gate issue); the rules hold for every class added later.
 */
class GateArchitectureTest {
    static final JavaClasses CLASSES =
            new ClassFileImporter()
                    .withImportOption(new ImportOption.DoNotIncludeTests())
                    .importPackages("dev.bluegreen.gate");

    static final ArchRule DEPENDS_ONLY_ON_JDK_AND_FLINK =
            classes()
                    .should()
                    .onlyDependOnClassesThat()
                    .resideInAnyPackage("java..", "org.apache.flink..", "dev.bluegreen.gate..")
                    .allowEmptyShould(true);

    static final ArchRule NEVER_USES_KUBERNETES_OR_JACKSON =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("io.fabric8..", "io.javaoperatorsdk..", "com.fasterxml..")
                    .allowEmptyShould(true);

    @Test
    void dependsOnlyOnTheJdkAndFlink() {
        DEPENDS_ONLY_ON_JDK_AND_FLINK.check(CLASSES);
    }

    @Test
    void neverUsesKubernetesClientsOrJackson() {
        NEVER_USES_KUBERNETES_OR_JACKSON.check(CLASSES);
    }
}
