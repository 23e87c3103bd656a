/// The ids of the pattern tokens an account holds; empty when it has no collection.
import "BreathingPatternNFT"

access(all) fun main(address: Address): [UInt64] {
    if let collection = getAccount(address).capabilities.borrow<&BreathingPatternNFT.Collection>(BreathingPatternNFT.CollectionPublicPath) {
        return collection.getIDs()
    }
    return []
}
