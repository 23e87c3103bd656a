/// How many pattern tokens an account holds; 0 when it has no collection.
import "BreathingPatternNFT"

access(all) fun main(address: Address): Int {
    if let collection = getAccount(address).capabilities.borrow<&BreathingPatternNFT.Collection>(BreathingPatternNFT.CollectionPublicPath) {
        return collection.getLength()
    }
    return 0
}
