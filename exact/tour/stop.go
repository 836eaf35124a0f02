package tour

// pollEvery is how many search nodes pass between two looks at the stopper.
const pollEvery = 1 << 12
