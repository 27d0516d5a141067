# codegen room: rules are added by the codegen work.
