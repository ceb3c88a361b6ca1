package dev.bluegreen.operator.standalone;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Where the standalone process's option values come from: environment variables and flags. */
final class OptionSources {
    private OptionSources() {}

    /** The options set by environment variables. */
    static Map<ControllerOptions.Option, OptionValue> fromEnv(Map<String, String> env) {
        Map<ControllerOptions.Option, OptionValue> values = new LinkedHashMap<>();
        for (ControllerOptions.Option option : ControllerOptions.Option.values()) {
            String fromEnv = env.get(option.env());
            if (fromEnv != null) {
                values.put(option, new OptionValue(option.env(), fromEnv));
            }
        }
        return values;
    }

    /** The flags of {@code args}, in order: {@code --key value} or {@code --key=value}. */
    static Map<ControllerOptions.Option, OptionValue> fromArgs(List<String> args) {
        Map<ControllerOptions.Option, OptionValue> values = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            int eq = arg.indexOf('=');
            String flag = eq < 0 ? arg : arg.substring(0, eq);
            ControllerOptions.Option option = byFlag(flag);
            String value;
            if (eq >= 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                value = args.get(++i);
            } else {
                throw new BadOptionException(flag, "missing value");
            }
            values.put(option, new OptionValue(flag, value));
        }
        return values;
    }

    static ControllerOptions.Option byFlag(String flag) {
        for (ControllerOptions.Option option : ControllerOptions.Option.values()) {
            if (option.flag().equals(flag)) {
                return option;
            }
        }
        throw new BadOptionException(flag, "unknown flag (see --help)");
    }
}
