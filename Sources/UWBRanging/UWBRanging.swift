// The ranging engine; its parts arrive in Math/, Corrections/, Filter/, Direction/, Protocol/, StateMachines/.
