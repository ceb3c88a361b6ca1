package dev.bluegreen.operator.listener;

import dev.bluegreen.operator.standalone.BadOptionException;

import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.configuration.IllegalConfigurationException;

import java.util.Map;
import java.util.Optional;

/**
 * Reads the upstream operator's own settings of its watched namespaces from inside its process, the
 * way the operator reads them at start ({@code FlinkConfigManager.loadGlobalConfiguration} and
 * {@code FlinkOperatorConfiguration}, release-1.13.0 to release-1.15.0): the environment variable
 * {@value WatchedNamespaces#OPERATOR_ENV}, and the option {@value WatchedNamespaces#OPERATOR_KEY}
 * of the configuration file ({@code flink-conf.yaml}, else {@code config.yaml}: Flink 1.20's order)
 * in {@value #CONF_DIR}, overridden by the one in {@value #CONF_OVERRIDE_DIR} when that is set.
 *
 * <p>The listener's own configuration holds only the keys under its prefix, so the file is read
 * again with Flink's {@link GlobalConfiguration}, which the operator serves parent-first to plugins
 * (the same class the operator used, which also logs each key it loads). Read once, when the
 * listener is configured: a later change of the operator's configuration (its dynamic
 * configuration) reaches the drop-in only with an operator restart.
 */
final class OperatorConfigFiles {
    /** The operator's configuration directory ({@code /opt/flink/conf} in the Helm chart). */
    static final String CONF_DIR = "FLINK_CONF_DIR";

    /** A directory whose configuration file overrides the one in {@value #CONF_DIR}. */
    static final String CONF_OVERRIDE_DIR = "CONF_OVERRIDE_DIR";

    private OperatorConfigFiles() {}

    /**
     * The operator's settings found with {@code env} (the process environment in production).
     *
     * @throws BadOptionException naming the variable whose directory holds no readable
     *     configuration file (the operator itself does not start then)
     */
    static WatchedNamespaces.OperatorSettings read(Map<String, String> env) {
        Configuration configuration = load(env);
        return new WatchedNamespaces.OperatorSettings(
                Optional.ofNullable(env.get(WatchedNamespaces.OPERATOR_ENV)),
                configuration.getOptional(
                        ConfigOptions.key(WatchedNamespaces.OPERATOR_KEY)
                                .stringType()
                                .noDefaultValue()));
    }

    private static Configuration load(Map<String, String> env) {
        Configuration overrides = null;
        String overrideDir = env.get(CONF_OVERRIDE_DIR);
        if (overrideDir != null && !overrideDir.isBlank()) {
            overrides = loadDir(CONF_OVERRIDE_DIR, overrideDir, null);
        }
        String confDir = env.get(CONF_DIR);
        if (confDir == null) {
            return overrides == null ? new Configuration() : overrides;
        }
        return loadDir(CONF_DIR, confDir, overrides);
    }

    private static Configuration loadDir(String variable, String dir, Configuration overrides) {
        try {
            return GlobalConfiguration.loadConfiguration(dir, overrides);
        } catch (IllegalConfigurationException e) {
            throw new BadOptionException(
                    "operator environment variable " + variable,
                    "cannot read the operator's configuration in " + dir + ": " + e.getMessage());
        }
    }
}
