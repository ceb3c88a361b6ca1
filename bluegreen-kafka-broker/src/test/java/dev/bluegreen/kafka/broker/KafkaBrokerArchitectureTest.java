package dev.bluegreen.kafka.broker;

import dev.bluegreen.kafka.broker.fixture.UsesKafkaClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The module's dependency rules: its main code runs in the caller's JVM next to the job side's
 * kafka-clients, so it uses the JDK only and leaves every Kafka class to the child JVM. (The pom
 * backs this up: the broker is a runtime-scope dependency, so main code cannot compile against it.)
 */
class KafkaBrokerArchitectureTest {

    static final JavaClasses CLASSES =
            new ClassFileImporter()
                    .withImportOption(new ImportOption.DoNotIncludeTests())
                    .importPackages("dev.bluegreen.kafka.broker");

    static final ArchRule NO_KAFKA_CLASSES =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("org.apache.kafka..", "kafka..", "scala..")
                    .because("the broker's classes live in the child JVM only");

    static final ArchRule JDK_ONLY =
            classes()
                    .should()
                    .onlyDependOnClassesThat()
                    .resideInAnyPackage("java..", "dev.bluegreen.kafka.broker..")
                    .because("callers get this jar without any dependency");

    static final ArchRule ONLY_THE_BROKER_IS_PUBLIC =
            classes()
                    .that()
                    .arePublic()
                    .should()
                    .haveSimpleName("KafkaBroker")
                    .because("the contract is KafkaBroker alone; the rest may change");

    @Test
    void mainCodeUsesNoKafkaClasses() {
        NO_KAFKA_CLASSES.check(CLASSES);
    }

    @Test
    void mainCodeDependsOnlyOnTheJdk() {
        JDK_ONLY.check(CLASSES);
    }

    @Test
    void onlyKafkaBrokerIsPublic() {
        ONLY_THE_BROKER_IS_PUBLIC.check(CLASSES);
    }

    @Test
    void importsTheMainClasses() {
        assertThat(CLASSES.contain(KafkaBroker.class)).isTrue();
    }

    @Test
    void rulesCatchAClassThatUsesKafka() {
        JavaClasses violating = new ClassFileImporter().importClasses(UsesKafkaClasses.class);

        assertThatThrownBy(() -> NO_KAFKA_CLASSES.check(violating))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("org.apache.kafka.common.Uuid");
        assertThatThrownBy(() -> JDK_ONLY.check(violating))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("org.apache.kafka.common.Uuid");
        assertThatThrownBy(() -> ONLY_THE_BROKER_IS_PUBLIC.check(violating))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("UsesKafkaClasses");
    }
}
